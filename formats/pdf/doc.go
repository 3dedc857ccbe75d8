// Package pdf is formfill's engine for fillable PDF forms (AcroForm).
package pdf

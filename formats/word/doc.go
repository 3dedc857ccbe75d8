// Package word is formfill's engine for Word .docx questionnaires.
package word

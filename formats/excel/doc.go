// Package excel is formfill's engine for Excel .xlsx questionnaires.
package excel

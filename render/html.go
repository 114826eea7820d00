package render

import (
	"math"
	"strconv"
)

// AppendHTMLEscaped appends s to dst escaped as html/template escapes a
// string in text and in a quoted attribute value (its htmlEscaper and
// attrEscaper): NUL as U+FFFD, and " & ' + < > as character references.
// Pages that write their largest tables without the template's
// reflection use it, byte for byte what the template wrote.
func AppendHTMLEscaped(dst []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		var repl string
		switch s[i] {
		case 0:
			repl = "\uFFFD"
		case '"':
			repl = "&#34;"
		case '&':
			repl = "&amp;"
		case '\'':
			repl = "&#39;"
		case '+':
			repl = "&#43;"
		case '<':
			repl = "&lt;"
		case '>':
			repl = "&gt;"
		default:
			continue
		}
		dst = append(append(dst, s[start:i]...), repl...)
		start = i + 1
	}
	return append(dst, s[start:]...)
}

// AppendJSONFloat appends f as encoding/json writes a float64: the
// shortest decimal that reads back as f, in exponent form below 1e-6 and
// from 1e21 (e-7, not e-07). f must be finite (JSON has no NaN).
func AppendJSONFloat(dst []byte, f float64) []byte {
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' {
		// e-09 to e-9
		if n := len(dst); n >= 4 && dst[n-4] == 'e' && dst[n-3] == '-' && dst[n-2] == '0' {
			dst[n-2] = dst[n-1]
			dst = dst[:n-1]
		}
	}
	return dst
}

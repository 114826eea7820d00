package render

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

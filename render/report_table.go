package render

// A ReportTable is a report's table as the text and the page lay it out:
// a caption, the columns' names and the rows, every cell already written.
// The text reports print the rows in columns; a page draws them as an
// HTML table.
type ReportTable struct {
	Caption string
	Header  []string
	Rows    [][]string
	Ranked  bool // the rows best first: the first is marked
}

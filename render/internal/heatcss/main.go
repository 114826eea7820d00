// Command heatcss writes the page's heatmap stylesheet (draw.HeatCSS)
// to the file its argument names: 'go generate ./render/draw' runs it.
package main

import (
	"fmt"
	"os"

	"bjchart/render/draw"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: heatcss FILE")
		os.Exit(2)
	}
	if err := os.WriteFile(os.Args[1], []byte(draw.HeatCSS()), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "heatcss:", err)
		os.Exit(1)
	}
}

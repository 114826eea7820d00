package site_test

import (
	"context"
	"fmt"

	"bjchart/render/web/site"
)

// ExampleSiteRequest writes the page as a static site under a GitHub
// project's pages, with one more game precomputed. Building the
// WebAssembly needs the Go toolchain and bjchart's source, and takes
// about a minute, so this is compiled, not run.
func ExampleSiteRequest() {
	q := site.DefaultSiteRequest()
	q.Out, q.Base, q.Games = "public", "/bjchart/", "2D H17 DAS LS"
	job, err := q.Check()
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := job.Run(context.Background(), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(rep.Pages, "pages precomputed")
}

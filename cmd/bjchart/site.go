package main

import (
	"fmt"

	"bjchart/render"
	"bjchart/render/web"
	"bjchart/solve/param"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

func newSiteCmd(e env) *cobra.Command {
	req := web.DefaultSiteRequest()
	cmd := &cobra.Command{
		Use:   "site",
		Short: "Write the web page as a static site that works offline",
		Long: `Write bjchart's web page as a folder any static host serves unchanged
(GitHub Pages, an S3 bucket, nginx, python3 -m http.server): the page
'bjchart serve' serves, with the same look, controls, links and
downloads, and every number computed in the browser. The page's handler
is built for WebAssembly (Go's own port) and runs in a Web Worker; the
common games (the default, every game of 'bjchart grid', the published
charts' games and --games) are precomputed, so that they show at once.
A service worker keeps the site after the first visit: with the network
off it still solves a new rule set. Building the WebAssembly needs the Go
toolchain and bjchart's source: run it in a clone, or give --wasm.
The folder is written whole or not at all; an earlier site there is
replaced.`,
		Example: `  bjchart site -o site
  bjchart site -o public --games "2D H17 DAS;6D H17 DAS LS 6:5"`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			req.Version = version
			docs, err := webDocs(cmd.Root())
			if err != nil {
				return err
			}
			req.Docs = docs
			job, err := req.Check()
			if stop, err := e.checked(req, err); stop {
				return err
			}
			bar := newProgress(e, int64(job.Pages()), "writing the site", "pages", progressbar.OptionShowCount())
			rep, err := job.Run(cmd.Context(), bar.Add)
			bar.Finish()
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "bjchart: wrote %s: %d files, %s bytes; %d pages precomputed; the page's WebAssembly %s bytes (%s gzipped); the default page %s bytes gzipped with its style and scripts\n",
				rep.Out, rep.Files, render.Thousands(rep.Bytes), rep.Pages, render.Thousands(rep.WASM), render.Thousands(rep.WASMGzip), render.Thousands(rep.FirstLoad))
			return nil
		},
	}
	var fields param.Set
	req.Params(&fields)
	bindParams(cmd, &fields, "out")
	for _, p := range fields.All() {
		if p.Name == "out" {
			cmd.Flags().VarP(p.Value, p.Name, "o", p.Usage)
		}
	}
	return cmd
}

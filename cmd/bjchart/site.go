package main

import (
	"context"
	"fmt"

	"bjchart/render"
	"bjchart/render/web"
	"bjchart/render/web/site"
	"bjchart/solve/param"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// siteOptions are the site command's: the site's request, and the
// documentation pages it carries (the root command's, as HTML).
type siteOptions struct {
	env
	req  site.SiteRequest
	docs func() ([]web.DocPage, error)
}

func newSiteCmd(e env) *cobra.Command {
	o := &siteOptions{env: e, req: site.DefaultSiteRequest()}
	cmd := &cobra.Command{
		Use:   "site",
		Short: "Write the web page as a static site that works offline",
		Long: `Write bjchart's web page as a folder any static host serves unchanged
(GitHub Pages, a bucket, nginx, python3 -m http.server), every number
computed in the browser, kept by the phone for use offline. It builds
the page's two WebAssembly modules with Go from bjchart's source (about
a minute each, said before it starts, and counted in its progress): run
it from a clone, or give them built with --wasm and --draw-wasm.

More: 'bjchart help web'.`,
		Example: `  bjchart site -o site
  bjchart site -o public --games "2D H17 DAS;6D H17 DAS LS 6:5"`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.docs = func() ([]web.DocPage, error) { return webDocs(cmd.Root()) }
			return runSite(cmd.Context(), o)
		},
	}
	var fields param.Set
	o.req.Params(&fields)
	bindParams(cmd, &fields, "out")
	for _, p := range fields.All() {
		if p.Name == "out" {
			cmd.Flags().VarP(p.Value, p.Name, "o", usage(p))
		}
	}
	return cmd
}

func runSite(ctx context.Context, o *siteOptions) error {
	req := o.req
	req.Version = version
	docs, err := o.docs()
	if err != nil {
		return err
	}
	req.Docs = docs
	job, err := req.Check()
	if stop, err := o.checked(req, err); stop {
		return err
	}
	if n := job.Builds(); n > 0 {
		fmt.Fprint(o.stderr, render.WrapProse(fmt.Sprintf("bjchart: building the page's %s with Go (GOOS=js GOARCH=wasm) from bjchart's source, about a minute each on two cores; --wasm and --draw-wasm take them built\n",
			map[bool]string{true: "WebAssembly and its drawing module", false: "WebAssembly module"}[n == 2]), o.width()))
	}
	rep, err := runJob(ctx, o.env, bar{"writing the site", "steps (modules built, then pages)", []progressbar.Option{progressbar.OptionShowCount()}}, job.Run)
	if err != nil {
		return err
	}
	fmt.Fprint(o.stdout, render.WrapProse(fmt.Sprintf("bjchart: wrote %s: %d files, %s bytes; %d pages precomputed; the page's WebAssembly %s bytes (%s gzipped), its drawing module %s bytes (%s gzipped, loaded for a card, heatmap or plot); the default page %s bytes gzipped with its style and scripts\n",
		rep.Out, rep.Files, render.Thousands(rep.Bytes), rep.Pages, render.Thousands(rep.WASM), render.Thousands(rep.WASMGzip),
		render.Thousands(rep.DrawWASM), render.Thousands(rep.DrawGzip), render.Thousands(rep.FirstLoad)), o.width()))
	return nil
}

package main

import (
	"bjchart/solve/param"
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"bjchart/render/web"

	"github.com/cpuguy83/go-md2man/v2/md2man"
	"github.com/russross/blackfriday/v2"
	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// docsOptions are the docs command's: the folder, the manual pages' date,
// and the pages (root's commands and the topics).
type docsOptions struct {
	env
	out, date string
	man       bool
	files     func(man bool, day time.Time) (map[string][]byte, error)
}

func newDocsCmd(e env, root *cobra.Command) *cobra.Command {
	o := &docsOptions{env: e, files: func(man bool, day time.Time) (map[string][]byte, error) { return docFiles(root, man, day) }}
	cmd := &cobra.Command{
		Use:   "docs",
		Short: "Write the reference: a page per command and topic, and manual pages",
		Long: `Write bjchart's documentation into a folder: a markdown page for every
command (its help, flags and examples) and every help topic, and an
index.md that lists them; with --man, manual pages too (man1 for the
commands, man7 for the topics: 'man -l DIR/man1/bjchart.1'). The page
('bjchart serve', 'bjchart site') shows the same pages under /docs/.
The folder is written whole or not at all. An earlier one there is
replaced only if it holds nothing but what bjchart wrote (a file you
added keeps it), and the folder it goes into must exist.`,
		Example: `  bjchart docs -o docs
  bjchart docs -o docs --man`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runDocs(cmd.Context(), o) },
	}
	cmd.Flags().StringVarP(&o.out, "out", "o", "", "the folder to write the pages to (new, empty, or pages 'bjchart docs' wrote before)")
	cmd.Flags().BoolVar(&o.man, "man", false, "write manual pages too (man1 and man7 under DIR/man)")
	cmd.Flags().StringVar(&o.date, "date", "", "the date in the manual pages, YYYY-MM-DD (default: $SOURCE_DATE_EPOCH if set, else today)")
	return cmd
}

func runDocs(_ context.Context, o *docsOptions) error {
	if o.out == "" {
		return usagef("--out: want the folder to write the pages to")
	}
	day, err := printDate(o.env, o.date)
	if err != nil {
		return err
	}
	files, err := o.files(o.man, day)
	if err != nil {
		return err
	}
	if err := param.WriteFolder(o.out, files); err != nil {
		return err
	}
	fmt.Fprintf(o.stdout, "bjchart: wrote %s: %d files\n", o.out, len(files))
	return nil
}

// docCommands are the commands that get a page: every runnable command,
// not the topics, help or completion.
func docCommands(root *cobra.Command) []*cobra.Command {
	var all []*cobra.Command
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if !c.IsAvailableCommand() || c.IsAdditionalHelpTopicCommand() || isTopic(c) {
			return
		}
		all = append(all, c)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	return all
}

// docName is a command's page name: its path joined by _ (bjchart_indices_merge).
func docName(c *cobra.Command) string { return strings.ReplaceAll(c.CommandPath(), " ", "_") }

// commandMarkdown is a command's page, with links to other pages made by link
// (a page name in, an address out).
func commandMarkdown(c *cobra.Command, link func(name string) string) ([]byte, error) {
	c.Root().DisableAutoGenTag = true // the pages are the same on any day
	var b bytes.Buffer
	err := doc.GenMarkdownCustom(c, &b, func(file string) string { return link(strings.TrimSuffix(file, ".md")) })
	if err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// docFiles are the files 'bjchart docs' writes, by name in the folder.
func docFiles(root *cobra.Command, man bool, day time.Time) (map[string][]byte, error) {
	files := map[string][]byte{}
	var index bytes.Buffer
	index.WriteString("# bjchart documentation\n\n## Topics\n\n")
	for _, t := range topics() {
		files[t.Name+".md"] = []byte(withoutPictures(t.Text))
		fmt.Fprintf(&index, "- [%s](%s.md): %s ('bjchart help %s')\n", t.Name, t.Name, t.Title, t.Name)
	}
	index.WriteString("\n## Commands\n\n")
	for _, c := range docCommands(root) {
		md, err := commandMarkdown(c, func(name string) string { return name + ".md" })
		if err != nil {
			return nil, err
		}
		files[docName(c)+".md"] = md
		fmt.Fprintf(&index, "- [%s](%s.md): %s\n", c.CommandPath(), docName(c), c.Short)
	}
	files["index.md"] = index.Bytes()
	if !man {
		return files, nil
	}
	for _, c := range docCommands(root) {
		var b bytes.Buffer
		h := &doc.GenManHeader{Title: strings.ToUpper(strings.ReplaceAll(c.CommandPath(), " ", "-")), Section: "1", Date: &day, Source: "bjchart " + version, Manual: "bjchart manual"}
		if err := doc.GenMan(c, h, &b); err != nil {
			return nil, err
		}
		files["man/man1/"+strings.ReplaceAll(c.CommandPath(), " ", "-")+".1"] = b.Bytes()
	}
	for _, t := range topics() {
		files["man/man7/bjchart-"+t.Name+".7"] = topicMan(t, day)
	}
	return files, nil
}

// topicMan is a topic as a manual page of section 7.
func topicMan(t topic, day time.Time) []byte {
	body := strings.TrimPrefix(t.Text, "# "+t.Title+"\n")
	md := fmt.Sprintf("%% BJCHART-%s 7 %q \"bjchart %s\" \"bjchart manual\"\n\n# NAME\n\nbjchart-%s - %s\n\n# DESCRIPTION\n%s",
		strings.ToUpper(t.Name), day.Format("Jan 2006"), version, t.Name, t.Title, demoteHeadings(withoutPictures(body)))
	return md2man.Render([]byte(md))
}

// demoteHeadings makes a topic's "## Section" a manual page's "# SECTION"
// level, its "### Part" a subsection.
func demoteHeadings(md string) string {
	var b strings.Builder
	fenced := false
	for _, line := range strings.SplitAfter(md, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if !fenced && strings.HasPrefix(line, "##") {
			line = line[1:]
		}
		b.WriteString(line)
	}
	return b.String()
}

// webDocs are the documentation pages the page serves under /docs/: the
// topics and the commands, as HTML.
func webDocs(root *cobra.Command) ([]web.DocPage, error) {
	link := func(name string) string { return "/docs/" + name }
	var pages []web.DocPage
	for _, t := range topics() {
		pages = append(pages, web.DocPage{Name: t.Name, Title: t.Title, Topic: true, HTML: markdownHTML([]byte(withoutPictures(t.Text)))})
	}
	for _, c := range docCommands(root) {
		md, err := commandMarkdown(c, link)
		if err != nil {
			return nil, err
		}
		pages = append(pages, web.DocPage{Name: docName(c), Title: c.CommandPath() + ": " + c.Short, HTML: markdownHTML(md)})
	}
	return pages, nil
}

// picture matches a topic's picture, a file of the source tree beside the
// topics ("![alt](../testdata/readme-card.png)").
var picture = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`!\[([^\]]*)\]\(\.\./([^)]*)\)`)
})

// withoutPictures names each of a topic's pictures in words, for the
// pages written away from the source tree (bjchart docs, the page, man),
// where the picture's file is not.
func withoutPictures(md string) string {
	return picture().ReplaceAllString(md, "*Picture: $1 (cmd/bjchart/$2 in bjchart's source).*")
}

// markdownHTML is a page's markdown as HTML.
func markdownHTML(md []byte) string {
	return string(blackfriday.Run(md, blackfriday.WithExtensions(blackfriday.CommonExtensions|blackfriday.AutoHeadingIDs)))
}

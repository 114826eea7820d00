package main

// The skeleton every command stands on, as gh's: a command is an options
// struct (its request, its outputs, the env it writes to) and a run
// function run(ctx, opts) that never sees cobra; its constructor binds
// the request's fields as flags (bindRequest) and its RunE only moves the
// arguments into the options. Every run prints through one writer
// (env.print), runs its job through one runner (runJob, which owns the
// progress bar) and checks the files it writes through one flag type
// (outputFile).

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"bjchart/render"
	"bjchart/solve/param"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"
)

// A request declares its fields (param.Set), which a command binds as
// its flags and the page as its query parameters.
type request interface{ Params(*param.Set) }

// bindRequest binds req's fields as cmd's flags (bindParams); the fields
// named in skip are the command's arguments, not flags.
func bindRequest(cmd *cobra.Command, req request, skip ...string) {
	var fields param.Set
	req.Params(&fields)
	bindParams(cmd, &fields, skip...)
}

// A bar says what a job's progress bar counts: what is being done, and
// the unit its estimate of the time left names.
type bar struct {
	what, unit string
	opts       []progressbar.Option
}

// runJob runs a job's run (its Run, RunPart or Key) under ctx, with a
// progress bar the job drives: the bar is made at the job's first report,
// its total the one the job reports (progress(done, total)), and finished
// when the run returns. A job that reports nothing shows none.
func runJob[R any](ctx context.Context, e env, b bar, run func(context.Context, func(done, total int64)) (R, error)) (R, error) {
	var mu sync.Mutex
	var p *progress
	res, err := run(ctx, func(done, total int64) {
		mu.Lock()
		if p == nil {
			p = newProgress(e, total, b.what, b.unit, b.opts...)
		}
		mu.Unlock()
		p.SetOf(done, total)
	})
	mu.Lock()
	if p != nil {
		p.Finish()
	}
	mu.Unlock()
	return res, err
}

// A report is what a command prints, in each of its formats: a writer a
// format (nil: not one of the command's formats).
type report struct {
	text, json, csv func(io.Writer) error
}

// jsonOf writes v as the indented JSON every command prints.
func jsonOf(v any) func(io.Writer) error {
	return func(w io.Writer) error { return render.WriteJSON(w, v) }
}

// compactJSON writes v as a part of a split run: compact JSON, which the
// merge reads.
func compactJSON(v any) func(io.Writer) error {
	return func(w io.Writer) error { return json.NewEncoder(w).Encode(v) }
}

// print writes rep in format (text, json or csv) to stdout: the one
// writer of every command's report.
func (e env) print(format string, rep report) error {
	var have []string
	for _, f := range []struct {
		name  string
		write func(io.Writer) error
	}{{"text", rep.text}, {"json", rep.json}, {"csv", rep.csv}} {
		switch {
		case f.write == nil:
		case f.name == format:
			return e.write(format, format == "text", f.write)
		default:
			have = append(have, f.name)
		}
	}
	return usagef("--format %q: want %s", format, orList(have))
}

// write renders into memory, then writes to stdout, so that a failure
// leaves no partial output; wrapped, prose is wrapped to the terminal's
// width (tables stay as drawn).
func (e env) write(format string, wrap bool, draw func(io.Writer) error) error {
	var buf bytes.Buffer
	if err := draw(&buf); err != nil {
		return fmt.Errorf("rendering %s: %w", format, err)
	}
	out := buf.Bytes()
	if wrap {
		out = []byte(render.WrapProse(buf.String(), e.width()))
	}
	_, err := e.stdout.Write(out)
	return err
}

// An outputFile is a flag that names a file the run writes (-o, --card,
// --plot): its extension picks the format, and check refuses, once and
// before the run, a name whose extension is not one of the formats and a
// file that cannot be written. "-" is standard output where the flag
// takes it.
type outputFile struct {
	path    string
	flag    string   // the flag as its errors name it: "-o", "--card", "--plot"
	formats []string // the extensions it takes, without the dot
	stdout  string   // the format "-" writes to standard output ("": "-" is not taken)
}

// cardFile is a flag naming a card's PDF (- for standard output).
func cardFile(flag string) *outputFile {
	return &outputFile{flag: flag, formats: []string{"pdf"}, stdout: "pdf"}
}

// plotFile is a flag naming a heatmap or a plot: .png, .svg or .pdf.
func plotFile(flag string) *outputFile {
	return &outputFile{flag: flag, formats: render.HeatmapFormats}
}

// outputFile is a flag value whose help and checks (checkFlagValues) are
// a string's.
func (f *outputFile) String() string     { return f.path }
func (f *outputFile) Set(s string) error { f.path = s; return nil }
func (f *outputFile) Type() string       { return "string" }

// given reports whether the flag names a file.
func (f *outputFile) given() bool { return f.path != "" }

// format is the format the file is written in: given (a --format),
// which the name's extension must not contradict; else the one the
// name's extension picks, or the stdout format for "-".
func (f *outputFile) format(given string) (string, error) {
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(f.path)), ".")
	switch {
	case given != "":
		format := strings.ToLower(given)
		if !slices.Contains(f.formats, format) {
			return "", usagef("--format %q: want %s", given, orList(f.formats))
		}
		if f.path != "-" && slices.Contains(f.formats, ext) && ext != format {
			return "", usagef("--format %s and %s %q disagree: the file would hold %s under a .%s name; give one of them", format, f.flag, f.path, strings.ToUpper(format), ext)
		}
		return format, nil
	case f.path == "-" && f.stdout != "":
		return f.stdout, nil
	case slices.Contains(f.formats, ext):
		return ext, nil
	case len(f.formats) == 1 && f.formats[0] == "pdf":
		return "", usagef("%s %q: a card is a PDF; want a name ending in .pdf", f.flag, f.path)
	}
	return "", usagef("%s %q: unknown extension %q; want %s", f.flag, f.path, filepath.Ext(f.path), orList(dotted(f.formats)))
}

// dotted is each extension with its dot.
func dotted(exts []string) []string {
	var d []string
	for _, x := range exts {
		d = append(d, "."+x)
	}
	return d
}

// check returns the format the file is written in (format: given, or
// "" for the name's) and checks that the file can be written
// (param.CheckWritable): the one check of an output, before the run.
func (f *outputFile) check(e env, given string) (string, error) {
	format, err := f.format(given)
	if err != nil {
		return "", err
	}
	return format, e.checkWritable(f.path)
}

// oneOutput refuses two of outs given together: a run writes one.
func oneOutput(outs ...*outputFile) error {
	var given []string
	for _, o := range outs {
		if o.given() {
			given = append(given, o.flag)
		}
	}
	if len(given) > 1 {
		return usagef("%s: give one of them", strings.Join(given, " and "))
	}
	return nil
}

// writeOutput draws into memory, then writes f's file atomically, or
// stdout for "-", and says what it wrote on stderr.
func (e env) writeOutput(f *outputFile, draw func(*bytes.Buffer) error) error {
	var buf bytes.Buffer
	if err := draw(&buf); err != nil {
		return err
	}
	if f.path == "-" {
		_, err := e.stdout.Write(buf.Bytes())
		return err
	}
	if err := e.writeFileAtomic(f.path, buf.Bytes()); err != nil {
		return err
	}
	_, err := fmt.Fprintf(e.stderr, "wrote %s\n", f.path)
	return err
}

package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bjchart/solve"
)

// testEnv is the env a run writes to in a test: out for its report,
// errb for the rest, and no environment variables.
func testEnv(out, errb *bytes.Buffer) env {
	return env{stdout: out, stderr: errb, getenv: func(string) string { return "" }}
}

// TestRunWithOptions: a command's run takes its options, not a command
// line, and writes what the command line writes (the goldens).
func TestRunWithOptions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, tc := range []struct {
		golden string
		run    func(env) error
	}{
		{"chart-inf.csv", func(e env) error {
			o := newChartOptions(e)
			o.req.Game.Rules, o.format = "INF ENHC", "csv"
			return runChart(ctx, o)
		}},
		{"dealer-1d-h17.csv", func(e env) error {
			o := &dealerOptions{env: e, req: solve.DealerRequest{Game: solve.Game{Rules: "1D H17"}}, format: "csv"}
			return runDealer(ctx, o)
		}},
		{"rules.txt", func(e env) error { return runRules(ctx, &rulesOptions{env: e}) }},
		{"hand-t6-vt.txt", func(e env) error {
			o := &handOptions{env: e, req: solve.DefaultHandRequest(), format: "text"}
			o.req.Hand, o.req.Game.Rules = "T,6 v T", "6D H17 DAS LS"
			return runHand(ctx, o)
		}},
	} {
		t.Run(tc.golden, func(t *testing.T) {
			var out, errb bytes.Buffer
			if err := tc.run(testEnv(&out, &errb)); err != nil {
				t.Fatalf("run: %v (stderr %q)", err, errb.String())
			}
			golden(t, tc.golden, out.String())
		})
	}
}

// TestRunRefusesWithOptions: options a run refuses come back as the
// error the command line says, without a command line.
func TestRunRefusesWithOptions(t *testing.T) {
	var out, errb bytes.Buffer
	o := &dealerOptions{env: testEnv(&out, &errb), req: solve.DealerRequest{Game: solve.Game{Rules: "1D H17"}}, format: "xml"}
	err := runDealer(context.Background(), o)
	if err == nil || err.Error() != `--format "xml": want text, json or csv` || !errors.As(err, new(usageError)) {
		t.Errorf("runDealer with --format xml: %v, want a usage error naming --format", err)
	}
	if out.Len() > 0 {
		t.Errorf("runDealer wrote %q on refusing", out.String())
	}
}

// TestOutputFileChecks: the output flag type's one check (the extension,
// writability) and the exclusivity of two outputs.
func TestOutputFileChecks(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	e := testEnv(&out, &errb)
	for _, tc := range []struct {
		f          *outputFile
		path, give string
		want, err  string
	}{
		{cardFile("--card"), "x.pdf", "", "pdf", ""},
		{cardFile("--card"), "-", "", "pdf", ""},
		{cardFile("-o"), "x.png", "", "", `-o "x.png": a card is a PDF; want a name ending in .pdf`},
		{plotFile("--plot"), "x.SVG", "", "svg", ""},
		{plotFile("--plot"), "x.gif", "", "", `--plot "x.gif": unknown extension ".gif"; want .png, .svg or .pdf`},
		{plotFile("--plot"), "-", "", "", `--plot "-": unknown extension ""; want .png, .svg or .pdf`},
		{plotFile("-o"), "x.png", "pdf", "", `--format pdf and -o "x.png" disagree: the file would hold PDF under a .png name; give one of them`},
		{plotFile("-o"), "x.dat", "svg", "svg", ""},
		{plotFile("--plot"), filepath.Join("no", "such", "x.png"), "", "", "no"},
	} {
		tc.f.path = tc.path
		if tc.path != "-" && !strings.HasPrefix(tc.path, "no") {
			tc.f.path = filepath.Join(dir, tc.path)
			tc.err = strings.ReplaceAll(tc.err, `"`+tc.path+`"`, `"`+tc.f.path+`"`)
		}
		got, err := tc.f.check(e, tc.give)
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("%s %q (format %q): %q, %v; want %q", tc.f.flag, tc.path, tc.give, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s %q (format %q): %v; want an error with %q", tc.f.flag, tc.path, tc.give, err, tc.err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "x.pdf")); err == nil {
		t.Error("check wrote the file")
	}
	card, plot := cardFile("--card"), plotFile("--plot")
	card.path, plot.path = "a.pdf", "b.png"
	if err := oneOutput(card, plot); err == nil || err.Error() != "--card and --plot: give one of them" {
		t.Errorf("oneOutput(--card, --plot): %v", err)
	}
	plot.path = ""
	if err := oneOutput(card, plot); err != nil {
		t.Errorf("oneOutput(--card alone): %v", err)
	}
}

// TestRunJobTakesTheJobsTotal: the runner's bar counts to the total the
// job reports, and a job that reports nothing shows none.
func TestRunJobTakesTheJobsTotal(t *testing.T) {
	var out, errb bytes.Buffer
	e := testEnv(&out, &errb)
	got, err := runJob(context.Background(), e, bar{"testing", "units", nil}, func(_ context.Context, progress func(done, total int64)) (int64, error) {
		for i := int64(1); i <= 7; i++ {
			progress(i, 7)
		}
		return 7, nil
	})
	if got != 7 || err != nil || errb.Len() > 0 {
		t.Errorf("runJob: %d, %v, stderr %q; want 7, nil and no bar off a terminal", got, err, errb.String())
	}
	_, err = runJob(context.Background(), e, bar{"testing", "units", nil}, func(context.Context, func(done, total int64)) (int, error) {
		return 0, io.ErrUnexpectedEOF
	})
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("runJob: %v, want the job's error", err)
	}
}

// TestSubcommandNames: each command the root builds alone is found by
// the name it is listed under, and the whole tree holds each once.
func TestSubcommandNames(t *testing.T) {
	e := env{stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
	all := newRootCmd(e)
	for _, c := range subcommands {
		root := newRootCmdFor(e, []string{c.name, "--rules", "1D"})
		if cmds := root.Commands(); !c.tree && (len(cmds) != 1 || cmds[0].Name() != c.name) {
			t.Errorf("the tree for %q holds %v, want that command alone", c.name, cmds)
		}
		if found, _, err := all.Find([]string{c.name}); err != nil || found.Name() != c.name {
			t.Errorf("the whole tree finds %q as %v (%v)", c.name, found, err)
		}
	}
	for _, args := range [][]string{{"-h"}, {"--rules", "1D", "--help"}, {"chart", "-h"}, {"help", "chart"}, {"chrat"}, {"--rules", "1D", "chrat"}, {"__complete", "ch"}, {"docs", "-o", "x"}, {"serve"}} {
		if n, want := len(newRootCmdFor(e, args).Commands()), len(all.Commands()); n != want {
			t.Errorf("the tree for %q holds %d commands, want the whole tree's %d", args, n, want)
		}
	}
	for _, args := range [][]string{nil, {"--rules", "1D"}, {"--rules", "1D", "--format", "json"}} { // the root's own chart
		if cmds := newRootCmdFor(e, args).Commands(); len(cmds) != 0 {
			t.Errorf("the tree for %q holds %v, want the root alone", args, cmds)
		}
	}
}

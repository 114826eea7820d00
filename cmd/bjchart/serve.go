package main

import (
	"bjchart/render/draw"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os/signal"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	"bjchart/render/web"

	"github.com/spf13/cobra"
)

// serveOptions are the serve command's: where to listen, the further
// hosts to answer to, and the documentation pages the page serves.
type serveOptions struct {
	env
	addr  string
	allow []string
	docs  func() ([]web.DocPage, error)
}

func newServeCmd(e env) *cobra.Command {
	o := &serveOptions{env: e}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the web page: every chart, number and card in a browser",
		Long: `Serve bjchart's web page: pick the rules (a select for each common rule,
or any rule string), see the chart in the card's colours with every
action's EV behind every cell, look up a hand, read the dealer's
outcomes, and download the cards (PDF), heatmaps (PNG, SVG, PDF) and the
chart as JSON or CSV: the same bytes the command line writes.

More: 'bjchart help web'.`,
		Example: `  bjchart serve
  bjchart serve --addr 127.0.0.1:9000`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.docs = func() ([]web.DocPage, error) { return webDocs(cmd.Root()) }
			return runServe(cmd.Context(), o)
		},
	}
	cmd.Flags().StringVar(&o.addr, "addr", "127.0.0.1:8080", "address to listen on, HOST:PORT (loopback by default)")
	cmd.Flags().StringArrayVar(&o.allow, "allow-host", nil, "a further name the page answers to in the Host header (e.g. the machine's name on the LAN); may be given more than once")
	return cmd
}

func runServe(ctx context.Context, o *serveOptions) error {
	host, port, err := net.SplitHostPort(o.addr)
	if n, perr := strconv.Atoi(port); err != nil || perr != nil || n < 0 || n > 65535 || strings.ContainsAny(host, "/:") && net.ParseIP(host) == nil {
		return usagef("--addr %q: want HOST:PORT with a port from 0 to 65535, e.g. 127.0.0.1:8080 (TCP only)", o.addr)
	}
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return err
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		fmt.Fprintf(o.stderr, "bjchart: warning: serving on %s, not loopback: anyone who can reach it can use it\n", o.addr)
	}
	hosts := append([]string{}, web.LoopbackHosts...)
	if ip := net.ParseIP(host); host != "" && (ip == nil || !ip.IsUnspecified()) {
		hosts = append(hosts, host)
	}
	for _, h := range o.allow {
		if h == "" || strings.ContainsAny(h, "/: ") && net.ParseIP(h) == nil {
			return usagef("--allow-host %q: want a host name or address, without a port", h)
		}
		hosts = append(hosts, h)
	}
	docs, err := o.docs()
	if err != nil {
		return err
	}
	debug.SetMemoryLimit(web.MemoryLimit)
	srv := &http.Server{
		Handler:           web.Compress(web.New(web.Options{Painter: draw.Painter{}, Version: version, Hosts: hosts, Docs: docs})),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      90 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
	fmt.Fprintf(o.stdout, "bjchart: serving on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdown); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	fmt.Fprintln(o.stderr, "bjchart: stopped")
	return nil
}

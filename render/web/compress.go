package web

import (
	"compress/gzip"
	"net/http"
	"strings"
	"sync"
)

// Compress serves h's text (HTML, CSS, script, JSON, CSV, SVG) gzipped to
// a browser that asks for it (Accept-Encoding: gzip): a page of 250 KB
// travels as about 40 KB. Event streams (a job's progress, which must
// arrive as it is written), images already compressed and PDFs go as
// they are.
func Compress(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Vary", "Accept-Encoding")
		if !acceptsGzip(r.Header.Get("Accept-Encoding")) || r.Method == http.MethodHead {
			h.ServeHTTP(w, r)
			return
		}
		cw := &compressWriter{ResponseWriter: w}
		defer cw.close()
		h.ServeHTTP(cw, r)
	})
}

// acceptsGzip reports whether an Accept-Encoding header takes gzip (and
// does not refuse it with q=0).
func acceptsGzip(header string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") {
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// compressible reports whether a response of this content type is sent
// gzipped.
func compressible(contentType string) bool {
	t, _, _ := strings.Cut(contentType, ";")
	switch strings.TrimSpace(strings.ToLower(t)) {
	case "text/html", "text/css", "text/javascript", "application/javascript", "application/json",
		"text/csv", "text/plain", "image/svg+xml", "application/manifest+json":
		return true
	}
	return false
}

// gzipWriters are reused: a writer holds about 800 KB of state.
var gzipWriters = sync.Pool{New: func() any { return gzip.NewWriter(nil) }}

// A compressWriter gzips a response once its header says it is text.
type compressWriter struct {
	http.ResponseWriter
	gz      *gzip.Writer
	decided bool
}

func (c *compressWriter) WriteHeader(code int) {
	if !c.decided {
		c.decided = true
		h := c.Header()
		if code == http.StatusOK && h.Get("Content-Encoding") == "" && compressible(h.Get("Content-Type")) {
			h.Del("Content-Length")
			h.Set("Content-Encoding", "gzip")
			c.gz = gzipWriters.Get().(*gzip.Writer)
			c.gz.Reset(c.ResponseWriter)
		}
	}
	c.ResponseWriter.WriteHeader(code)
}

func (c *compressWriter) Write(p []byte) (int, error) {
	if !c.decided {
		if c.Header().Get("Content-Type") == "" {
			c.Header().Set("Content-Type", http.DetectContentType(p))
		}
		c.WriteHeader(http.StatusOK)
	}
	if c.gz != nil {
		return c.gz.Write(p)
	}
	return c.ResponseWriter.Write(p)
}

// Flush sends what is written so far (an event stream is never gzipped,
// but a flush must reach the connection either way).
func (c *compressWriter) Flush() {
	if c.gz != nil {
		c.gz.Flush()
	}
	if f, ok := c.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection.
func (c *compressWriter) Unwrap() http.ResponseWriter { return c.ResponseWriter }

func (c *compressWriter) close() {
	if c.gz != nil {
		c.gz.Close()
		c.gz.Reset(nil)
		gzipWriters.Put(c.gz)
		c.gz = nil
	}
}

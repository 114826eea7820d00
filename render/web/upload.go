package web

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"path/filepath"

	"bjchart/charts"
)

// maxUpload bounds an uploaded chart's request: the file (charts.MaxFile)
// and the multipart form around it.
const maxUpload = charts.MaxFile + 16<<10

// maxBody is the body a request may carry: an uploaded chart for POST
// /compare, count plots' data for the painter (POST
// /paint/count-plots.png), nothing for any other.
func maxBody(r *http.Request) int64 {
	switch {
	case r.Method != http.MethodPost:
		return 0
	case r.URL.Path == "/compare":
		return maxUpload
	case r.URL.Path == countPlotsPath:
		return maxPaintBody
	}
	return 0
}

// handleUpload compares an uploaded chart file (the form's field "file",
// in the chart format 'bjchart charts' describes) with the solution for
// the query's rules, as 'bjchart diff FILE --rules R' does, and shows the
// page with the comparison. A file that does not parse is a 400 with the
// parser's message on the page.
func (s *Server) handleUpload(w http.ResponseWriter, r *http.Request) {
	d := pageData{Version: s.opt.Version}
	q, err := parseQuery(r.URL.Query())
	d.Input = q.input()
	if err != nil {
		d.Error = formError(err, "page.html")
		s.html(w, s.page, d, http.StatusBadRequest)
		return
	}
	status := http.StatusOK
	name, c, uploadErr := readUpload(r)
	if uploadErr == nil {
		uploadErr = q.compareWith(c, name) // with no rules given: the chart's own game
	}
	if uploadErr != nil {
		status = http.StatusBadRequest
	}
	t, err := tableOf(r.Context(), s.tables, q.rules)
	if err != nil {
		d.Error = err.Error()
		s.html(w, s.page, d, http.StatusServiceUnavailable)
		return
	}
	s.fill(r.Context(), &d, q, t)
	d.Upload = name
	if uploadErr != nil {
		d.DiffErr = uploadErr.Error()
	}
	if d.Input == "" {
		d.Input = d.Rules
	}
	s.html(w, s.page, d, status)
}

// readUpload reads the uploaded chart: its file name and the chart.
func readUpload(r *http.Request) (string, *charts.Chart, error) {
	f, hdr, err := r.FormFile("file")
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return "", nil, fmt.Errorf("the upload is over %d bytes; a chart file is a few kilobytes", charts.MaxFile)
	case err != nil:
		return "", nil, fmt.Errorf("no chart file in the upload: choose a file (%v)", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, charts.MaxFile+1))
	if err != nil {
		return "", nil, fmt.Errorf("reading the upload: %v", err)
	}
	if len(data) > charts.MaxFile {
		return "", nil, fmt.Errorf("%s: larger than %d bytes; a chart file is a few kilobytes", hdr.Filename, charts.MaxFile)
	}
	name := filepath.Base(hdr.Filename)
	c, err := charts.Parse(name, data)
	if err != nil {
		return name, nil, err
	}
	return name, c, nil
}

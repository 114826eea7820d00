package web

import (
	"errors"
	"regexp"
	"strings"
	"sync"

	"bjchart/solve/param"
)

// The page says a request's error as the command line does, but with
// each field named by the label its form shows for it ("Shoes", where
// the command line says --shoes): a library error names fields
// (param.Error), and each face words them.

// labelFor matches a form's label of a field: <label for="shoes">Shoes.
var labelFor = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`<label for="([a-z][a-z0-9-]*)">\s*([^<{]*[^<{\s])`)
})

// formLabels are the labels of the fields of each template's form, by
// field, read from the template itself (so that the error and the form
// say one label).
var formLabels = sync.OnceValue(func() map[string]map[string]string {
	all := map[string]map[string]string{}
	names, err := files.ReadDir("templates")
	if err != nil {
		panic(err) // embedded
	}
	for _, n := range names {
		html, err := files.ReadFile("templates/" + n.Name())
		if err != nil {
			panic(err)
		}
		labels := map[string]string{}
		for _, m := range labelFor().FindAllStringSubmatch(string(html), -1) {
			labels[m[1]] = m[2]
		}
		all[n.Name()] = labels
	}
	return all
})

// formError says err for the form of template page (page.html,
// indices.html, ...): a request's field error with each field named by
// its label (labelled).
func formError(err error, page string) string {
	return labelled(err, formLabels()[page])
}

// labelled says err with the fields of a param.Error named by labels: the
// field in error first as its label, a field named within the message as
// its label quoted; a field with no label by its name.
func labelled(err error, labels map[string]string) string {
	var pe *param.Error
	if !errors.As(err, &pe) {
		return err.Error()
	}
	const mark = "\x00"
	parts := strings.Split(pe.Render(func(field string) string { return mark + field + mark }), mark)
	var b strings.Builder
	for i, p := range parts {
		if i%2 == 0 {
			b.WriteString(p)
			continue
		}
		label := labels[p]
		if label == "" {
			label = p
		}
		if i == 1 && parts[0] == "" {
			b.WriteString(label)
		} else {
			b.WriteString("“" + label + "”")
		}
	}
	return b.String()
}

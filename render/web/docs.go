package web

import (
	"html/template"
	"net/http"
)

// A DocPage is one page of bjchart's documentation, as the page serves
// it under /docs/: a help topic or a command's reference, in HTML. The
// face that starts the page gives them (Options.Docs): they are its
// topics and its commands.
type DocPage struct {
	Name  string // its address under /docs/ (a topic's name, or bjchart_indices)
	Title string
	Topic bool   // a help topic, not a command's reference
	HTML  string // the page's body, from the face's own markdown
}

// docsData is what templates/docs.html shows: the list of pages, or one.
type docsData struct {
	Version  string
	Topics   []DocPage
	Commands []DocPage
	Page     *DocPage
	Body     template.HTML
}

// handleDocs serves /docs/ (the list) and /docs/NAME (one page).
func (s *Server) handleDocs(w http.ResponseWriter, r *http.Request) {
	data := docsData{Version: s.opt.Version}
	for _, p := range s.opt.Docs {
		if p.Topic {
			data.Topics = append(data.Topics, p)
		} else {
			data.Commands = append(data.Commands, p)
		}
	}
	if name := r.PathValue("name"); name != "" {
		for i := range s.opt.Docs {
			if s.opt.Docs[i].Name == name {
				data.Page = &s.opt.Docs[i]
				data.Body = template.HTML(s.opt.Docs[i].HTML) // the face's own pages, not a visitor's text
			}
		}
		if data.Page == nil {
			http.Error(w, "no such page of the documentation; /docs/ lists them", http.StatusNotFound)
			return
		}
	}
	s.html(w, s.docsPage, data, http.StatusOK)
}

package web

import (
	"bytes"
	"fmt"
	"html"
	"net/url"
	"regexp"
	"strings"
	"sync"
)

// PageKey is a page's address as the shell looks it up: the path, and
// the query's fields in order of name, encoded as a form encodes them.
func PageKey(key string) string {
	u, err := url.Parse(key)
	if err != nil {
		return key
	}
	p := strings.TrimRight(u.Path, "/")
	if p == "" {
		p = "/"
	}
	if q := u.Query().Encode(); q != "" {
		return p + "?" + q
	}
	return p
}

// shellTags go into every static page's head, under the site's base: the
// app's manifest and the shell, which runs the rest of the page in the
// browser.
const shellTags = `<link rel="manifest" href="/manifest.webmanifest">
<link rel="icon" href="/icon.svg">
<meta name="theme-color" content="#007856">
<script src="/assets/first.js"></script>
<script src="/assets/static.js" defer></script>
`

// dynamicImage matches an image whose source the page's handler draws
// (a heatmap, a plot): on a static host there is no such file.
var dynamicImage = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(<img\b[^>]*?\s)src="(/[^"]*)"`)
})

// siteAddress matches an attribute holding an address of the site (a
// link, a form's action, an image, a script's data-stream): a path from
// the root, which a site under a base folder must begin with the base.
var siteAddress = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(\s(?:href|src|action|data-[a-z-]+)=")/`)
})

// StaticPage makes a page the handler wrote a static site's page: the
// shell's tags in its head, with key (the page's address from the site's
// root) for the shell to check against the address shown and base (the
// folder the site is served from, "/" at a host's root); every image the
// handler draws named by data-bjchart-src (the shell draws it in the
// browser) rather than src, which a static host would answer with a 404;
// and every address of the site under base. The page is otherwise the
// same bytes.
func StaticPage(page []byte, key, base string) []byte {
	head := fmt.Sprintf(`<meta name="bjchart-page" content="%s">`+"\n"+`<meta name="bjchart-base" content="%s">`+"\n", html.EscapeString(PageKey(key)), html.EscapeString(base)) + shellTags
	out := bytes.Replace(page, []byte("</head>"), []byte(head+"</head>"), 1)
	out = dynamicImage().ReplaceAllFunc(out, func(m []byte) []byte {
		sub := dynamicImage().FindSubmatch(m)
		if bytes.HasPrefix(sub[2], []byte("/assets/")) {
			return m
		}
		return append(append(append([]byte{}, sub[1]...), `data-bjchart-src="`...), append(sub[2], '"')...)
	})
	return UnderBase(out, base)
}

// UnderBase puts the site's addresses in HTML (a page, or the pieces of
// one a long job's events carry) under base.
func UnderBase(doc []byte, base string) []byte {
	if base == "/" {
		return doc
	}
	return siteAddress().ReplaceAll(doc, []byte("${1}"+base))
}

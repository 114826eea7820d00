//go:build js && wasm && !draw

package main

import (
	"bjchart/render"
	"bjchart/render/web"
)

// The core module serves every page and draws nothing.
var (
	newServer = web.New
	painter   render.Painter // nil
)

//go:build js && wasm && draw

package main

import (
	"bjchart/render/draw"
	"bjchart/render/web"
)

// The drawing module serves the drawings only, and paints them.
var (
	newServer = web.NewPainter
	painter   = draw.Painter{}
)

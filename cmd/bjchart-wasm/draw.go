//go:build js && wasm && draw

package main

import "bjchart/render/draw"

// The drawing module paints.
func init() { painter = draw.Painter{} }

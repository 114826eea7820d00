//go:build !linux

package main

// hugeHeap does nothing where no transparent huge pages are asked for.
func hugeHeap() {}

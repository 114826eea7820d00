package main

import (
	"runtime"
	"runtime/debug"
	"syscall"
	"unsafe"
)

// hugeHeapBytes is the first heap that hugeHeap backs with huge pages: a
// six-deck chart's whole heap.
const hugeHeapBytes = 32 << 20

// hugeHeap asks Linux to back the heap's first hugeHeapBytes with
// transparent huge pages (madvise MADV_HUGEPAGE: a kernel set to
// "madvise", many distributions' default, gives them only where asked,
// and Go's runtime no longer asks; one set to "always" gives them anyway,
// one set to "never" not at all). 2 MB is x86-64's huge page; where the
// huge page is larger (arm64 with 64 KB pages) the block holds none and
// nothing changes. A solve's heap is fresh pages written once: each 4 KB page
// faulted in costs the kernel about 2 µs, a third of a one-deck chart's
// CPU, and a 2 MB page costs it one fault. The runtime maps a block
// that large at once; the block is advised, then collected, and the
// heap's next allocations take its pages, lowest addresses first.
// Where the kernel gives no huge pages the advice does nothing.
func hugeHeap() {
	const huge = 2 << 20
	defer debug.SetGCPercent(debug.SetGCPercent(-1)) // no collection for the block alone; runtime.GC's one
	b := make([]byte, hugeHeapBytes)                 // fresh from the kernel: not written, no page faulted in
	p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	beg, end := (p+huge-1)&^(huge-1)-p, (p+hugeHeapBytes)&^(huge-1)-p // the whole huge pages in b
	syscall.Madvise(b[beg:end], syscall.MADV_HUGEPAGE)                // advice: its failure changes nothing
	b = nil
	runtime.GC() // the block's pages free for the heap
}

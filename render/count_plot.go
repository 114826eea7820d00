package render

// A CountPlot is a value by count with an interval at each count (the
// simulator's edge by count).
type CountPlot struct {
	Title, XLabel, YLabel string
	Points                []CountPoint // in order of count
}

// A CountPoint is one count's value and the half-width of its interval.
type CountPoint struct {
	Count            int
	Value, HalfWidth float64
}

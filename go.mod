module bjchart

go 1.24.0

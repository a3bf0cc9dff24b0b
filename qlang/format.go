package qlang

// TimeLayout is the layout And and the other builder methods write a
// time.Time or adama.Time value in, the form the platform uses for dates
// ("2026-01-01T00:00:00+0000").
const TimeLayout = "2006-01-02T15:04:05-0700"

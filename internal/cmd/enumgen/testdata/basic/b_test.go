package basic

// Test files are not read.
const ColorTest Color = "test"

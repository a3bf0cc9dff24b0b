package entity

// The strategy_target record's one-pass decoder is checked with the
// others (TestDescriptionCoversTheGroup).
func init() { fastChecks = append(fastChecks, checkOf[StrategyTarget]()) }

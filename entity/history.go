package entity

import (
	"github.com/adamasdk/adama-go/internal/valid"
)

func (h *HistoryEntry) check(v *valid.Validator, create bool) {}

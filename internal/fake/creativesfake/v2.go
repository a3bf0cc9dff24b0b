package creativesfake

import "github.com/adamasdk/adama-go/internal/fake"

func registerV2(r fake.Registrar, s *Store) {}

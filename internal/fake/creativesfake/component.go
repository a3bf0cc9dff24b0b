package creativesfake

import "github.com/adamasdk/adama-go/internal/fake"

func registerComponents(r fake.Registrar, s *Store) {}

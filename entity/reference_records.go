// The limits of the group A records that the reference schemas describe
// and spec 4.A leaves unnamed. Their declarations and checks are
// generated (records_gen.go, from internal/apispec/entity.yaml); each doc
// comment names its schema file, from which field types, enums and
// create requirements come ("mm" in a field name is the spec's neutral
// "svc").

package entity

// Deal limits of spec 8 (checked by the generated validateAt).
const (
	MaxDealNameLen        = 256
	MaxDealIdentifierLen  = 256
	MaxDealDescriptionLen = 4096
)

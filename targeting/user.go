package targeting

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/adamasdk/adama-go/adama"
	"github.com/adamasdk/adama-go/internal/call"
	"github.com/adamasdk/adama-go/internal/update"
	"github.com/adamasdk/adama-go/internal/valid"
)

// UserService calls the user endpoints of group B (/users, their history
// and settings). A user's grants are PermissionService's. Its methods are
// generated (services_gen.go) but Get, GetExtended, Settings and
// UpdateSettings.
type UserService struct {
	g *call.Group
}

// Validate checks the user against every rule the description states for
// a create (the UserCreate body's required fields) or an update (the
// UserUpdate body's). It returns an *adama.ValidationError or nil.
func (x *User) Validate(create bool) error {
	var v valid.Validator
	if x == nil {
		v.Add("record", valid.RuleRequired, nil)
		return v.Err()
	}
	x.validate(&v, create)
	return v.Err()
}

// createRequest checks the user and returns the writable fields that are
// set.
func (x *User) createRequest() (any, error) {
	var v valid.Validator
	if x == nil {
		v.Add("record", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	x.validate(&v, true)
	v.Check(x.Password == "", "password", "only an update sends it", nil)
	if err := v.Err(); err != nil {
		return nil, err
	}
	body, err := x.writable()
	if err != nil {
		return nil, err
	}
	return json.RawMessage(body), nil
}

// updateRequest returns the version, what changed since the read and,
// as the UserUpdate body requires them, first_name, last_name and roles
// (sent whether they changed or not).
func (x *User) updateRequest() (any, error) {
	var v valid.Validator
	if x == nil {
		v.Add("record", valid.RuleRequired, nil)
		return nil, v.Err()
	}
	if x.ID <= 0 {
		v.Add("user_id", "must be a positive id", x.ID)
	}
	v.Check(x.FirstName != "", "first_name", valid.RuleRequired, nil)
	v.Check(x.LastName != "", "last_name", valid.RuleRequired, nil)
	now, err := x.writable()
	if err != nil {
		return nil, err
	}
	var before []byte
	if orig := x.original(); orig != nil {
		x.validateChange(&v, orig)
		if before, err = orig.writable(); err != nil {
			return nil, err
		}
	}
	body, err := update.Body(&v, now, before, x.Version, x.createOnlyFields(), x.fixedFields(), func(v *valid.Validator) { x.validate(v, false) })
	if err != nil {
		return nil, err
	}
	return withRequired(body.(json.RawMessage), x)
}

// withRequired adds first_name, last_name and roles after the version of
// an update body that lacks them.
func withRequired(body json.RawMessage, x *User) (json.RawMessage, error) {
	var sent map[string]json.RawMessage
	if err := json.Unmarshal(body, &sent); err != nil {
		return nil, err
	}
	roles := x.Roles
	if roles == nil {
		roles = []int64{}
	}
	var add bytes.Buffer
	for _, f := range []struct {
		name string
		v    any
	}{{"first_name", x.FirstName}, {"last_name", x.LastName}, {"roles", roles}} {
		if _, ok := sent[f.name]; ok {
			continue
		}
		b, err := json.Marshal(f.v)
		if err != nil {
			return nil, err
		}
		add.WriteString(`,"` + f.name + `":`)
		add.Write(b)
	}
	head := []byte(`{"version":` + strconv.FormatInt(x.Version, 10))
	if add.Len() == 0 || !bytes.HasPrefix(body, head) {
		return body, nil
	}
	out := append(append(bytes.Clone(head), add.Bytes()...), body[len(head):]...)
	return out, nil
}

func (s *UserService) get(ctx context.Context, id int64, extended bool, ro []adama.RequestOption) (*User, error) {
	return getOne[User](ctx, s.g, idPath("/users", id), positiveID("user_id", id), extended, ro)
}

// Get returns one user (GET /users/{user_id}).
func (s *UserService) Get(ctx context.Context, id int64, ro ...adama.RequestOption) (*User, error) {
	return s.get(ctx, id, false, ro)
}

// GetExtended returns one user with the extended properties the platform
// adds: GET /users/{user_id}?extended=true.
func (s *UserService) GetExtended(ctx context.Context, id int64, ro ...adama.RequestOption) (*User, error) {
	return s.get(ctx, id, true, ro)
}

// userSettingsAnswer is the answer of /users/{user_id}/settings: the
// settings in data, the user beside them.
type userSettingsAnswer struct {
	Data *struct {
		Settings []UserSetting `json:"settings"`
	} `json:"data"`
	User *SettingsUser `json:"user"`
}

func (s *UserService) settings(ctx context.Context, c *call.Call, ro []adama.RequestOption) (*UserSettings, error) {
	g := *s.g
	g.Envelope = call.Bare
	var a userSettingsAnswer
	if _, err := g.Into(ctx, c, &a, ro...); err != nil {
		return nil, err
	}
	if a.Data == nil {
		return nil, &adama.Error{Code: adama.CodeUnexpectedContent, Message: "the answer holds no data", Method: c.Method, Path: g.Prefix + c.Path}
	}
	out := &UserSettings{Settings: a.Data.Settings, User: a.User}
	if err := g.Strict(c, out); err != nil {
		return nil, err
	}
	return out, nil
}

// Settings returns the user's settings (GET /users/{user_id}/settings).
func (s *UserService) Settings(ctx context.Context, userID int64, ro ...adama.RequestOption) (*UserSettings, error) {
	if err := positiveID("user_id", userID); err != nil {
		return nil, err
	}
	return s.settings(ctx, &call.Call{Path: idPath("/users", userID) + "/settings"}, ro)
}

// UpdateSettings sets the settings sent, each with a name, and removes
// those sent with a nil value (POST /users/{user_id}/settings); it
// returns the user's settings after the change.
func (s *UserService) UpdateSettings(ctx context.Context, userID int64, settings []UserSetting, ro ...adama.RequestOption) (*UserSettings, error) {
	var v valid.Validator
	checkID(&v, "user_id", userID)
	v.Check(len(settings) > 0, "settings", valid.RuleRequired, nil)
	body := make([]map[string]any, len(settings))
	for i, st := range settings {
		v.Check(st.Name != "", "settings["+strconv.Itoa(i)+"].name", valid.RuleRequired, nil)
		body[i] = map[string]any{"name": st.Name, "value": st.Value} // nil is sent as null
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	return s.settings(ctx, &call.Call{Method: http.MethodPost, Path: idPath("/users", userID) + "/settings",
		JSON: map[string]any{"settings": body}}, ro)
}

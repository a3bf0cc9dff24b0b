package targetingfake

import "net/http"

// handler serves the operations of the group's description (routes_gen.go)
// over its resources: the current and the legacy (singular) paths of
// attachments and targets share their resource's handlers.
type handler struct {
	st                   *Store // its history serves every family's (history.go)
	att, tgt, adv, paths *resource
	perm                 *permissions
	strat                *strategies
	cmp                  *campaignOps
	cr                   creatives // creatives.go
	plans                *plans
	orgs                 *orgFamily
	aud                  *audiences
}

func newHandler(st *Store) *handler {
	return &handler{
		st:    st,
		att:   &resource{st: st, coll: Attachments, create: attachmentCreate, update: attachmentUpdate, fields: attachmentFields, filter: attachmentFilter},
		tgt:   &resource{st: st, coll: Targets, create: targetCreate, update: targetUpdate},
		adv:   &resource{st: st, coll: Advertisers, create: advertiserCreate, update: advertiserUpdate, project: advertiserView, history: true},
		paths: &resource{st: st, coll: TargetPaths},
		perm:  &permissions{st: st},
		strat: newStrategies(st),
		cmp:   newCampaignOps(st),
		cr:    newCreatives(st),
		plans: newPlans(st),
		orgs:  newOrgFamily(st),
		aud:   newAudiences(st),
	}
}

// withID gives r's path value name, the one id of the operation's path, as
// {id}, which the handlers read.
func withID(r *http.Request, name string) *http.Request {
	r.SetPathValue("id", r.PathValue(name))
	return r
}

// ---- attachments ----

func (h *handler) listAttachments(w http.ResponseWriter, r *http.Request) { h.att.list(w, r) }

func (h *handler) listAttachmentsLegacy(w http.ResponseWriter, r *http.Request) { h.att.list(w, r) }

func (h *handler) createAttachment(w http.ResponseWriter, r *http.Request) { h.att.add(w, r) }

func (h *handler) createAttachmentLegacy(w http.ResponseWriter, r *http.Request) { h.att.add(w, r) }

func (h *handler) getAttachment(w http.ResponseWriter, r *http.Request) {
	h.att.get(w, withID(r, "attachment_id"))
}

func (h *handler) getAttachmentLegacy(w http.ResponseWriter, r *http.Request) {
	h.att.get(w, withID(r, "attachment_id"))
}

func (h *handler) updateAttachment(w http.ResponseWriter, r *http.Request) {
	h.att.put(w, withID(r, "attachment_id"))
}

func (h *handler) updateAttachmentLegacy(w http.ResponseWriter, r *http.Request) {
	h.att.put(w, withID(r, "attachment_id"))
}

func (h *handler) deleteAttachment(w http.ResponseWriter, r *http.Request) {
	h.att.del(w, withID(r, "attachment_id"))
}

func (h *handler) deleteAttachmentLegacy(w http.ResponseWriter, r *http.Request) {
	h.att.del(w, withID(r, "attachment_id"))
}

// ---- targets ----

func (h *handler) listTargets(w http.ResponseWriter, r *http.Request) { h.tgt.list(w, r) }

func (h *handler) listTargetsLegacy(w http.ResponseWriter, r *http.Request) { h.tgt.list(w, r) }

func (h *handler) createTarget(w http.ResponseWriter, r *http.Request) { h.tgt.add(w, r) }

func (h *handler) createTargetLegacy(w http.ResponseWriter, r *http.Request) { h.tgt.add(w, r) }

func (h *handler) getTarget(w http.ResponseWriter, r *http.Request) {
	h.tgt.get(w, withID(r, "target_id"))
}

func (h *handler) getTargetLegacy(w http.ResponseWriter, r *http.Request) {
	h.tgt.get(w, withID(r, "target_id"))
}

func (h *handler) updateTarget(w http.ResponseWriter, r *http.Request) {
	h.tgt.put(w, withID(r, "target_id"))
}

func (h *handler) updateTargetLegacy(w http.ResponseWriter, r *http.Request) {
	h.tgt.put(w, withID(r, "target_id"))
}

func (h *handler) putTargetLegacy(w http.ResponseWriter, r *http.Request) {
	h.tgt.put(w, withID(r, "target_id"))
}

func (h *handler) deleteTarget(w http.ResponseWriter, r *http.Request) {
	h.tgt.del(w, withID(r, "target_id"))
}

func (h *handler) deleteTargetLegacy(w http.ResponseWriter, r *http.Request) {
	h.tgt.del(w, withID(r, "target_id"))
}

func (h *handler) listTargetPaths(w http.ResponseWriter, r *http.Request) { h.paths.list(w, r) }

// ---- advertisers ----

func (h *handler) listAdvertisers(w http.ResponseWriter, r *http.Request) { h.adv.list(w, r) }

func (h *handler) createAdvertiser(w http.ResponseWriter, r *http.Request) { h.adv.add(w, r) }

func (h *handler) getAdvertiser(w http.ResponseWriter, r *http.Request) {
	h.adv.get(w, withID(r, "advertiser_id"))
}

func (h *handler) updateAdvertiser(w http.ResponseWriter, r *http.Request) {
	h.adv.put(w, withID(r, "advertiser_id"))
}

func (h *handler) getAdvertiserHistory(w http.ResponseWriter, r *http.Request) {
	h.st.serveHistory(w, withID(r, "advertiser_id"), Advertisers, Advertisers)
}

// ---- user permissions ----

func (h *handler) updateUserPermissions(w http.ResponseWriter, r *http.Request) {
	h.perm.update(w, withID(r, "user_id"))
}

func (h *handler) getUserPermissions(w http.ResponseWriter, r *http.Request) {
	h.perm.list(w, withID(r, "user_id"))
}

func (h *handler) checkUserPermissions(w http.ResponseWriter, r *http.Request) {
	h.perm.list(w, withID(r, "user_id"))
}

func (h *handler) getUserPermissionsV2(w http.ResponseWriter, r *http.Request) {
	h.perm.v2(w, withID(r, "user_id"))
}

func (h *handler) checkUserPermissionsV2(w http.ResponseWriter, r *http.Request) {
	h.perm.v2(w, withID(r, "user_id"))
}

func (h *handler) listUserPermissionsOrganizations(w http.ResponseWriter, r *http.Request) {
	h.perm.forUser("organizations")(w, withID(r, "user_id"))
}

func (h *handler) listUserPermissionsAgencies(w http.ResponseWriter, r *http.Request) {
	h.perm.forUser("agencies")(w, withID(r, "user_id"))
}

func (h *handler) listUserPermissionsAdvertisers(w http.ResponseWriter, r *http.Request) {
	h.perm.forUser("advertisers")(w, withID(r, "user_id"))
}

func (h *handler) listUserPermissionsCampaigns(w http.ResponseWriter, r *http.Request) {
	h.perm.forUser("campaigns")(w, withID(r, "user_id"))
}

func (h *handler) listUserPermissionsStrategies(w http.ResponseWriter, r *http.Request) {
	h.perm.forUser("strategies")(w, withID(r, "user_id"))
}

func (h *handler) listOrganizationPermissions(w http.ResponseWriter, r *http.Request) {
	h.perm.forEntity("organizations", "organization_id")(w, withID(r, "organization_id"))
}

func (h *handler) listAgencyPermissions(w http.ResponseWriter, r *http.Request) {
	h.perm.forEntity("agencies", "agency_id")(w, withID(r, "agency_id"))
}

func (h *handler) listAdvertiserPermissions(w http.ResponseWriter, r *http.Request) {
	h.perm.forEntity("advertisers", "advertiser_id")(w, withID(r, "advertiser_id"))
}

func (h *handler) listCampaignUsers(w http.ResponseWriter, r *http.Request) {
	h.perm.users("campaigns", "campaign_id")(w, withID(r, "campaign_id"))
}

func (h *handler) listStrategyUsers(w http.ResponseWriter, r *http.Request) {
	h.perm.users("strategies", "strategy_id")(w, withID(r, "strategy_id"))
}

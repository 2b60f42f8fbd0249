/*
 * libgit2's static archive carries its network transports, whose Negotiate
 * authentication calls GSSAPI, which Debian ships only as a shared library.
 * gradguard uses libgit2 for diffs and a repository's settings and never opens a remote,
 * so the self-contained program links these failing stand-ins instead of
 * libgssapi_krb5: no path of ours reaches them. The GSSAPI types are
 * written out (OM_uint32 is 32 bits, the rest pointers) so that the build
 * needs no Kerberos headers.
 */
#include <stdint.h>

typedef uint32_t gss_status;

#define GSS_STUB_FAILURE (13u << 16) /* GSS_S_FAILURE */

struct gss_stub_oid {
	uint32_t length;
	void *elements;
};

static struct gss_stub_oid no_name_type = { 0, 0 };
void *GSS_C_NT_HOSTBASED_SERVICE = &no_name_type;

gss_status gss_display_status(gss_status *, gss_status, int, void *, gss_status *, void *);
gss_status gss_release_buffer(gss_status *, void *);
gss_status gss_release_name(gss_status *, void *);
gss_status gss_release_oid_set(gss_status *, void *);
gss_status gss_delete_sec_context(gss_status *, void *, void *);
gss_status gss_import_name(gss_status *, void *, void *, void *);
gss_status gss_indicate_mechs(gss_status *, void *);
gss_status gss_init_sec_context(gss_status *, void *, void *, void *, void *, gss_status, gss_status, void *, void *,
				void *, void *, gss_status *, gss_status *);

gss_status gss_display_status(gss_status *minor, gss_status status, int type, void *mech, gss_status *ctx, void *out)
{
	(void)status, (void)type, (void)mech, (void)ctx, (void)out;
	*minor = 0;
	return GSS_STUB_FAILURE;
}

gss_status gss_release_buffer(gss_status *minor, void *buf)
{
	(void)buf;
	*minor = 0;
	return 0;
}

gss_status gss_release_name(gss_status *minor, void *name)
{
	(void)name;
	*minor = 0;
	return 0;
}

gss_status gss_release_oid_set(gss_status *minor, void *set)
{
	(void)set;
	*minor = 0;
	return 0;
}

gss_status gss_delete_sec_context(gss_status *minor, void *ctx, void *out)
{
	(void)ctx, (void)out;
	*minor = 0;
	return 0;
}

gss_status gss_import_name(gss_status *minor, void *in, void *type, void *out)
{
	(void)in, (void)type, (void)out;
	*minor = 0;
	return GSS_STUB_FAILURE;
}

gss_status gss_indicate_mechs(gss_status *minor, void *out)
{
	(void)out;
	*minor = 0;
	return GSS_STUB_FAILURE;
}

gss_status gss_init_sec_context(gss_status *minor, void *cred, void *ctx, void *target, void *mech, gss_status flags,
				gss_status time, void *bindings, void *in, void *actual, void *out, gss_status *ret_flags,
				gss_status *ret_time)
{
	(void)cred, (void)ctx, (void)target, (void)mech, (void)flags, (void)time, (void)bindings, (void)in;
	(void)actual, (void)out, (void)ret_flags, (void)ret_time;
	*minor = 0;
	return GSS_STUB_FAILURE;
}

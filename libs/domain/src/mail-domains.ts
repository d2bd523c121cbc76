import emailProviders from 'email-providers/all.json' with { type: 'json' };
import { getDomain } from 'tldts';

/**
 * Free and public mail providers (gmail.com, qq.com, …: the maintained `email-providers` list): a shared
 * domain there says nothing about an affiliation.
 */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = /* @__PURE__ */ new Set(emailProviders as string[]);

/**
 * The organization behind an e-mail address: its registrable domain under the Public Suffix List
 * (cs.example.edu and example.edu → example.edu; mail.ox.ac.uk → ox.ac.uk), or null for a public mail
 * provider or an address without one.
 */
export function institutionDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 0) return null;
  const host = email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  if (!host || PUBLIC_MAIL_DOMAINS.has(host)) return null;
  const base = getDomain(host, { allowPrivateDomains: true });
  if (!base || PUBLIC_MAIL_DOMAINS.has(base)) return null;
  return base;
}

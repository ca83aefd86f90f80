/** Links that leave the site open in a new tab, without giving the new page access to this one. */
export const NEW_TAB = { target: "_blank", rel: "noopener noreferrer" } as const;

export function isExternal(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** An e-mail link with its subject line. */
export function mailto(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}

/** The group kinds in the order the create form offers them (the contract's GROUP_KINDS, written out). */
export const GROUP_KIND_OPTIONS = ['class', 'team', 'study_group'] as const;

export const groupPagePath = (uuid: string) => `/groups/${encodeURIComponent(uuid)}`;

/** The join link people open: `https://…/groups/join/CODE`. */
export const joinLink = (code: string, origin: string = window.location.origin) =>
  `${origin}/groups/join/${encodeURIComponent(code)}`;

/** Tags from free-text traits: split on white space, trimmed, de-duplicated ignoring case. */
export function deriveTags(traits: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const word of traits.split(/\s+/)) {
    const tag = word.trim().slice(0, 40);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
    if (tags.length === 20) break;
  }
  return tags;
}

export interface HelpCategory {
  title: string;
  description: string;
}

/**
 * The Help Center's search: categories whose title or description contains the query,
 * ignoring case and the spaces around it. An empty query matches every category.
 */
export function matchingCategories<Category extends HelpCategory>(categories: readonly Category[], query: string): Category[] {
  const needle = query.trim().toLowerCase();
  if (needle === "") return [...categories];
  return categories.filter((category) => category.title.toLowerCase().includes(needle) || category.description.toLowerCase().includes(needle));
}

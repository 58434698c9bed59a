// One area's messages, English and Japanese: the type makes a missing Japanese message an error.
export function area<const E extends Record<string, string>>(en: E, ja: { [K in keyof E]: string }): { en: E; ja: { [K in keyof E]: string } } {
  return { en, ja };
}

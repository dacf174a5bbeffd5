/** Text without its accents: "Núñez" → "Nunez", "Café Crème" → "Cafe Creme", so a search typed without them finds it (and one typed with them finds text without). */
export const unaccented = (s: string): string => s.normalize("NFD").replace(/\p{M}/gu, "");

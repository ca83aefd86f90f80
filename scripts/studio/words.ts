/** Names written for code as words for people: "cardGrid" -> "Card grid", "share_images" -> "Share images". For the server and the app alike. */
export function inWords(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

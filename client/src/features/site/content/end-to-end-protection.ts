/**
 * What end-to-end encryption protects and what it does not, said once: the Security page and the Privacy Policy both
 * read these sentences (claims C504–C514 in docs/product.md, decisions 220, 225, 237, 239, 245, 246 and 247).
 */

export interface ProtectionStatement {
  /** The claim in docs/product.md that says which code makes it true and which test checks it. */
  claim: string;
  text: string;
}

/** What is protected once encryption is on: each holds against our own server too. */
export const protectedByEncryption: readonly ProtectionStatement[] = [
  {
    claim: "C504",
    text: "Sealed titles and addresses open only beside the form entries and scroll position they were sealed with, and are padded to a size bucket, so their length does not give the length of an address away.",
  },
  { claim: "C505", text: "Sealed form entries open only for the page they were typed into: moved onto another page, by our server or anyone, they are not refilled." },
  {
    claim: "C506",
    text: "In the browser extension, the unlocked key and the extension's sign-in token are kept in its own database, where the scripts it runs inside web pages cannot read them.",
  },
  { claim: "C507", text: "The extension's unlock ends after the time you choose, from 15 minutes to a day, or when you lock it; then it forgets the key." },
  {
    claim: "C513",
    text: "On the website, an unlock ends the same way: after the time you choose when you unlock, from 15 minutes to a day, or when you lock it; then that browser forgets the key.",
  },
  { claim: "C508", text: "Changing your passphrase wraps the same key again: what was sealed stays sealed under that key." },
  {
    claim: "C512",
    text: "When titles and addresses are encrypted, so are tab group titles, window names and the names, tags and notes you give backups, padded to hide their length, those stored before you turned it on too: your Account page seals them in your browser once it is unlocked. A backup's name, tags and note open only for that backup.",
  },
  {
    claim: "C509",
    text: "“Rotate key” on your Account page makes a new key and seals your backups' tab titles, addresses and form entries, their encrypted names, tags, notes, group titles and window names, and what the library's Undo would put back, again under it, in your browser, each for the same place. The old key stays sealed under the new one until none of these needs it, so a rotation stopped halfway loses nothing, and your other browsers ask to be unlocked again. The open tabs your other browsers show are not sealed again: each sends its own under the new key once you unlock it there, and until then they stay encrypted.",
  },
];

/** What encryption does not hide, said as plainly. */
export const notProtectedByEncryption: readonly ProtectionStatement[] = [
  {
    claim: "C510",
    text: "Our server still sees how many backups, windows and tabs you have, when each backup was made, roughly how large it is, which tabs are pinned, grouped or active, and each tab's scroll position.",
  },
  {
    claim: "C511",
    text: "Two tabs that have no form entries and the same scroll position can be swapped by our server without your browser noticing, just as it could reorder, withhold or delete whole tabs and backups.",
  },
  {
    claim: "C514",
    text: "Group titles and window names are sealed only as what they are, so our server could swap two of them. It still sees how many tags a backup has, whether it has a note, and the names TabVault gives backups itself, and a search of encrypted names, tags and notes happens only in your unlocked browser.",
  },
];

// The avatars an account may choose, as symbols every system font has (no emoji: a missing emoji font shows an
// empty box). Shared by the account page and the public profile.

export const AVATAR_MARKS = { sol: "☀", luna: "☾", estrella: "★", copa: "♕", espada: "⚔", basto: "♣", oro: "●", mate: "☕" };

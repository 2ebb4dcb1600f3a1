/** Helper text under password fields (spec §5: uppercase, lowercase and a number). */
export const PASSWORD_HINT =
  'At least 8 characters, including an uppercase letter, a lowercase letter and a number.';

/** The multipart body of an avatar or a community logo upload: the file in field `avatar`. */
export function imageForm(file: File): FormData {
  const form = new FormData();
  form.append('avatar', file);
  return form;
}

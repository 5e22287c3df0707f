import type { ComponentType } from 'react';
import { Create, Edit } from 'react-admin';

/**
 * The edit and create pages of a resource whose two pages hold the same form: the edit saves on
 * the api's answer (pessimistic), so a refusal shows on the form; a created record returns to the list.
 */
export function formPages(Form: ComponentType) {
  function EditPage() {
    return (
      <Edit mutationMode="pessimistic">
        <Form />
      </Edit>
    );
  }
  function CreatePage() {
    return (
      <Create redirect="list">
        <Form />
      </Create>
    );
  }
  return { EditPage, CreatePage };
}

import { currentIntl } from './translate';

/**
 * The label of a value of one of the contracts' lists (religions, diets, mother tongues…) in the app's language:
 * the catalogue's `opt.<list>.<value>`, else `english` (the list's own label). One id scheme for every list, so a
 * list is translated by adding its values to the catalogues, without code.
 */
export function optionLabel(list: string, value: string, english: string = value): string {
  const id = `opt.${list}.${value}`;
  const intl = currentIntl();
  return id in intl.messages ? intl.formatMessage({ id: id as never }) : english;
}

import { ABILITY_TEXT } from '../../../../../shared/oauth.ts';
import { i18n } from '../../i18n/i18n.ts';

const ID_OF = new Map<string, string>(Object.entries(ABILITY_TEXT).map(([id, text]) => [text, id]));

/**
 * An ability as the server words it (English: agents read the same list), in the console's
 * language; one the catalogue does not know yet stays as the server wrote it.
 */
export function abilityWords(text: string): string {
  const id = ID_OF.get(text);
  return id ? i18n.t(`employee:connectedApps.abilities.${id}`) : text;
}

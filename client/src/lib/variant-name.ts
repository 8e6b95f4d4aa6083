import type { VariantId } from '@progressive-chess/shared';
import { m } from './i18n.svelte.js';

/** A variant's name in the current language (shared's VARIANTS[id].name is the English one). */
export const variantName = (id: VariantId): string => m.variant_name({ id });

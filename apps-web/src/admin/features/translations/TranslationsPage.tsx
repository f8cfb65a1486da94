import { IconNames } from '@blueprintjs/icons';
import { errorText } from '../../../lib/api-errors.js';
import { useQueryErrorToast } from '../../api/use-error-toast.js';
import { AdminState } from '../../components/AdminState.js';
import { BackToDashboard } from '../../components/BackToDashboard.js';
import { ListSkeleton } from '../../components/ListSkeleton.js';
import { LoadFailedState } from '../../components/LoadFailedState.js';
import { useAdminTitle } from '../../lib/use-admin-title.js';
import { useUrlParams } from '../../lib/use-url-params.js';
import { LanguagesPanel } from './LanguagesPanel.js';
import { useLanguages } from './queries.js';
import { TranslationGridPanel } from './TranslationGridPanel.js';
import './translations.css';

/**
 * Translations (/admin/translations): the offered languages (add, remove, make default) and, for
 * the language chosen (?language=), every visitor-facing text beside its source, edited in place,
 * with export and import of the language for a translator's own tool.
 */
export default function TranslationsPage() {
  useAdminTitle('Translations');
  const languages = useLanguages();
  useQueryErrorToast(languages, 'Failed to Load Languages');
  const { params, update } = useUrlParams();

  let content;
  if (languages.isPending) {
    content = (
      <ListSkeleton
        label="Loading languages"
        listClassName="languages-list"
        cardClassName="languages-list__item"
        count={2}
      />
    );
  } else if (languages.isError) {
    content = (
      <LoadFailedState
        title="Failed to Load Languages"
        description={<code className="admin-error-text">{errorText(languages.error)}</code>}
        query={languages}
      />
    );
  } else {
    const list = languages.data.languages;
    const source = list.find((language) => language.isDefault)!;
    const translated = list.filter((language) => !language.isDefault);
    const asked = params.get('language');
    const selected = translated.find((language) => language.tag === asked) ?? translated[0] ?? null;
    const select = (tag: string) =>
      update({ language: tag, page: null, status: null, kind: null, search: null });
    content = (
      <>
        <LanguagesPanel languages={list} selected={selected?.tag ?? null} onSelect={select} />
        {selected ? (
          <TranslationGridPanel key={selected.tag} language={selected} source={source} />
        ) : (
          <AdminState
            headingLevel={2}
            icon={IconNames.TRANSLATE}
            title="Only the default language is offered."
            description={`Add a language above to translate the assessment, the results and the emails from ${source.name}.`}
          />
        )}
      </>
    );
  }

  return (
    <div>
      <BackToDashboard />
      <header className="admin-page-header">
        <div>
          <h1 className="admin-page-header__title">Translations</h1>
          <p className="admin-page-header__description">
            The languages visitors may choose, and every text they read in each: the questionnaire, the
            matrix, the form, the emails and the product&apos;s own wording. A text without a translation
            shows in the default language.
          </p>
        </div>
      </header>
      <div className="admin-list translations-layout">{content}</div>
    </div>
  );
}

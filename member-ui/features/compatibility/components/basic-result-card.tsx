import { DoshaExceptions, KootaDetails } from './koota-details';
import CircleAlert from 'lucide-react/icons/circle-alert';
import Flame from 'lucide-react/icons/flame';
import Moon from 'lucide-react/icons/moon';
import Orbit from 'lucide-react/icons/orbit';
import ScrollText from 'lucide-react/icons/scroll-text';
import Sparkles from 'lucide-react/icons/sparkles';
import { KOOTA_MAX, type KundaliBasicResult, type KundaliInputsUsed } from '../../../../contracts/kundali';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../components/ui/cn';
import { Progress } from '../../../components/ui/progress';
import { optionLabel } from '../../../i18n/option-label';
import { useT } from '../../../i18n/use-t';
import {
  KOOTA_ORDER,
  ashtakootTone,
  factorTone,
  inputsSummary,
  kootaName,
  kundaliTerm,
  manglikReference,
  manglikText,
} from '../lib/kundali-format';

/** The basic Kundali card: Ashtakoot, zodiac, Manglik, overall horoscope and the inputs used. */
/** `ownName`: whose match it is, "You" unless a helper reads it for the candidate ("Karan"). */
export function BasicResultCard({ result, theirName, ownName }: { result: KundaliBasicResult; theirName: string; ownName?: string }) {
  const { ashtakoot, zodiac, manglik } = result.astrologicalCompatibility;
  const t = useT();
  const you = t('kundali.you');
  const tone = ashtakootTone(ashtakoot.percentage);
  return (
    <section className="card kundali-card" aria-labelledby="basic-result-title">
      <div className="kundali-card__head">
        <div>
          <h2 id="basic-result-title" className="kundali-card__title">
            <Sparkles size={18} aria-hidden="true" />
            {t('kundali.match')}
          </h2>
          <p className="kundali-card__subtitle">
            {t('kundali.pair', { own: ownName ?? you, theirs: theirName })}
          </p>
        </div>
        <span className={cn('score-badge', `score-badge--${tone}`)}>
          {Math.round(result.matchPercentage)}%<span className="visually-hidden"> {t('kundali.matchWord')}</span>
        </span>
      </div>

      <div className="kundali-block">
        <div className="kundali-block__row">
          <h3 className="kundali-block__title">{t('kundali.ashtakootScore')}</h3>
          <span className="kundali-score">
            <strong>{ashtakoot.score}</strong> / {ashtakoot.maxScore}
          </span>
        </div>
        <Progress value={ashtakoot.percentage} tone={tone} label={t('kundali.ashtakootOf', { score: ashtakoot.score, max: ashtakoot.maxScore })} className="kundali-bar" />
        <ul className="koota-list" aria-label={t('kundali.breakdown')}>
          {KOOTA_ORDER.map((koota) => {
            const points = ashtakoot.breakdown[koota];
            const factor = factorTone(points);
            return (
              <li key={koota} className={cn('koota', `koota--${factor}`)} data-tone={factor}>
                <span className="koota__name">{kootaName(koota)}</span>
                <span className="koota__track" aria-hidden="true">
                  <span className="koota__fill" style={{ width: `${Math.round((points / KOOTA_MAX[koota]) * 100)}%` }} />
                </span>
                <span className="koota__points">
                  {points} / {KOOTA_MAX[koota]}
                </span>
              </li>
            );
          })}
        </ul>
      </div>

      {result.kootas?.length ? <KootaDetails kootas={result.kootas} /> : null}
      {result.exceptions ? <DoshaExceptions exceptions={result.exceptions} /> : null}

      <div className="kundali-facts">
        <div className="kundali-fact">
          <Moon size={18} aria-hidden="true" className="kundali-fact__icon" />
          <div>
            <h3 className="kundali-fact__title">{t('kundali.zodiacSigns')}</h3>
            <p className="kundali-fact__text">
              {t('kundali.signPair', { first: zodiac.sign1 ? kundaliTerm(zodiac.sign1) : t('kundali.unknown'), second: zodiac.sign2 ? kundaliTerm(zodiac.sign2) : t('kundali.unknown') })}
            </p>
            <p className="kundali-fact__note">
              {zodiac.elementCompatibility === null
                ? t('kundali.elementsUnknown')
                : zodiac.elementCompatibility
                  ? t('kundali.elementsMatch')
                  : t('kundali.elementsDiffer')}
            </p>
          </div>
        </div>

        <div className="kundali-fact">
          <Flame size={18} aria-hidden="true" className="kundali-fact__icon" />
          <div>
            <h3 className="kundali-fact__title">
              {t('kundali.manglik')}
              <Badge tone={result.manglicCompatibility ? 'success' : 'saffron'}>
                {result.manglicCompatibility ? t('kundali.compatible') : t('kundali.needsConsideration')}
              </Badge>
            </h3>
            <p className="kundali-fact__note">{manglikText(manglik.profile1IsManglik, manglik.profile2IsManglik, theirName)}</p>
          </div>
        </div>

        <div className="kundali-fact">
          <Orbit size={18} aria-hidden="true" className="kundali-fact__icon" />
          <div>
            <h3 className="kundali-fact__title">
              {t('kundali.overall')}
              <Badge tone={result.horoscopeMatch ? 'success' : 'saffron'}>
                {result.horoscopeMatch ? t('kundali.favorable') : t('kundali.conditional')}
              </Badge>
            </h3>
            <p className="kundali-fact__note">
              {result.horoscopeMatch
                ? t('kundali.meetsMinimum')
                : t('kundali.belowMinimum')}
            </p>
          </div>
        </div>
      </div>

      <details className="kundali-inputs">
        <summary>
          <ScrollText size={16} aria-hidden="true" />
          {t('kundali.howCalculated')}
        </summary>
        <InputsUsed who={you} inputs={result.inputsUsed.profile1} />
        <InputsUsed who={theirName} inputs={result.inputsUsed.profile2} />
        <div className="kundali-inputs__group">
          <h4>{t('kundali.housesUsed')}</h4>
          <p>{t('kundali.housesRule', { houses: result.housesUsed.manglikHouses.join(', ') })}</p>
          <ul>
            <li>{you}: {manglikReference(result.housesUsed.profile1.from, result.housesUsed.profile1.marsHouse)}</li>
            <li>
              {theirName}: {manglikReference(result.housesUsed.profile2.from, result.housesUsed.profile2.marsHouse)}
            </li>
          </ul>
        </div>
        {result.tablesFollowed?.length ? (
          <div className="kundali-inputs__group">
            <h4>{t('kundali.tablesDiffer')}</h4>
            <ul>
              {result.tablesFollowed.map((followed) => (
                <li key={followed.koota}>
                  <strong>{kundaliTerm(followed.koota)}:</strong> {optionLabel('tableReading', followed.koota, followed.reading)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </details>
    </section>
  );
}

function InputsUsed({ who, inputs }: { who: string; inputs: KundaliInputsUsed }) {
  return (
    <div className="kundali-inputs__group">
      <h4>{who}</h4>
      <p>{inputsSummary(inputs)}</p>
      {inputs.notes.length > 0 ? (
        <ul>
          {inputs.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Error card for the basic result: 422 means a chart lacks data; anything else is a failed fetch. */
export function BasicResultError({ incomplete, detail }: { incomplete: boolean; detail?: string }) {
  const t = useT();
  return (
    <section className="card kundali-error" role="alert" aria-labelledby="basic-error-title">
      <CircleAlert size={28} aria-hidden="true" className="kundali-error__icon" />
      <h2 id="basic-error-title" className="kundali-error__title">
        {t('kundali.errorTitle')}
      </h2>
      <p className="kundali-error__text">
        {incomplete ? t('kundali.incomplete') : t('kundali.fetchFailed')}
      </p>
      {!incomplete && detail ? <p className="kundali-error__detail">{detail}</p> : null}
    </section>
  );
}

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
import {
  KOOTA_LABELS,
  KOOTA_ORDER,
  ashtakootTone,
  factorTone,
  inputsSummary,
  manglikReference,
  manglikText,
} from '../lib/kundali-format';

/** The basic Kundali card: Ashtakoot, zodiac, Manglik, overall horoscope and the inputs used. */
/** `ownName`: whose match it is, "You" unless a helper reads it for the candidate ("Karan"). */
export function BasicResultCard({ result, theirName, ownName = 'You' }: { result: KundaliBasicResult; theirName: string; ownName?: string }) {
  const { ashtakoot, zodiac, manglik } = result.astrologicalCompatibility;
  const tone = ashtakootTone(ashtakoot.percentage);
  return (
    <section className="card kundali-card" aria-labelledby="basic-result-title">
      <div className="kundali-card__head">
        <div>
          <h2 id="basic-result-title" className="kundali-card__title">
            <Sparkles size={18} aria-hidden="true" />
            Kundali Match
          </h2>
          <p className="kundali-card__subtitle">
            {ownName} &amp; {theirName}
          </p>
        </div>
        <span className={cn('score-badge', `score-badge--${tone}`)}>
          {Math.round(result.matchPercentage)}%<span className="visually-hidden"> match</span>
        </span>
      </div>

      <div className="kundali-block">
        <div className="kundali-block__row">
          <h3 className="kundali-block__title">Ashtakoot score</h3>
          <span className="kundali-score">
            <strong>{ashtakoot.score}</strong> / {ashtakoot.maxScore}
          </span>
        </div>
        <Progress value={ashtakoot.percentage} tone={tone} label={`Ashtakoot score ${ashtakoot.score} of ${ashtakoot.maxScore}`} className="kundali-bar" />
        <ul className="koota-list" aria-label="Ashtakoot breakdown">
          {KOOTA_ORDER.map((koota) => {
            const points = ashtakoot.breakdown[koota];
            const factor = factorTone(points);
            return (
              <li key={koota} className={cn('koota', `koota--${factor}`)} data-tone={factor}>
                <span className="koota__name">{KOOTA_LABELS[koota]}</span>
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
            <h3 className="kundali-fact__title">Zodiac signs</h3>
            <p className="kundali-fact__text">
              {zodiac.sign1 ?? 'Unknown'} &amp; {zodiac.sign2 ?? 'Unknown'}
            </p>
            <p className="kundali-fact__note">
              {zodiac.elementCompatibility === null
                ? 'Elements could not be compared'
                : zodiac.elementCompatibility
                  ? 'Elements match'
                  : 'Elements differ'}
            </p>
          </div>
        </div>

        <div className="kundali-fact">
          <Flame size={18} aria-hidden="true" className="kundali-fact__icon" />
          <div>
            <h3 className="kundali-fact__title">
              Manglik
              <Badge tone={result.manglicCompatibility ? 'success' : 'saffron'}>
                {result.manglicCompatibility ? 'Compatible' : 'Needs Consideration'}
              </Badge>
            </h3>
            <p className="kundali-fact__note">{manglikText(manglik.profile1IsManglik, manglik.profile2IsManglik, theirName)}</p>
          </div>
        </div>

        <div className="kundali-fact">
          <Orbit size={18} aria-hidden="true" className="kundali-fact__icon" />
          <div>
            <h3 className="kundali-fact__title">
              Overall horoscope
              <Badge tone={result.horoscopeMatch ? 'success' : 'saffron'}>
                {result.horoscopeMatch ? 'Favorable Match' : 'Conditional Match'}
              </Badge>
            </h3>
            <p className="kundali-fact__note">
              {result.horoscopeMatch
                ? 'The match meets the traditional minimum of 18 gunas.'
                : 'Below the traditional minimum of 18 gunas; the individual factors deserve a closer look.'}
            </p>
          </div>
        </div>
      </div>

      <details className="kundali-inputs">
        <summary>
          <ScrollText size={16} aria-hidden="true" />
          How this was calculated
        </summary>
        <InputsUsed who="You" inputs={result.inputsUsed.profile1} />
        <InputsUsed who={theirName} inputs={result.inputsUsed.profile2} />
        <div className="kundali-inputs__group">
          <h4>Houses used for Manglik</h4>
          <p>
            Mars in house {result.housesUsed.manglikHouses.join(', ')} makes a chart Manglik ({result.housesUsed.houseSystem} houses).
          </p>
          <ul>
            <li>You: {manglikReference(result.housesUsed.profile1.from, result.housesUsed.profile1.marsHouse)}</li>
            <li>
              {theirName}: {manglikReference(result.housesUsed.profile2.from, result.housesUsed.profile2.marsHouse)}
            </li>
          </ul>
        </div>
        {result.tablesFollowed?.length ? (
          <div className="kundali-inputs__group">
            <h4>Where printed tables differ</h4>
            <ul>
              {result.tablesFollowed.map((t) => (
                <li key={t.koota}>
                  <strong>{t.koota}:</strong> {t.reading}
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
  return (
    <section className="card kundali-error" role="alert" aria-labelledby="basic-error-title">
      <CircleAlert size={28} aria-hidden="true" className="kundali-error__icon" />
      <h2 id="basic-error-title" className="kundali-error__title">
        Could Not Calculate Compatibility
      </h2>
      <p className="kundali-error__text">
        {incomplete ? 'Please make sure both profiles have complete astrological information.' : 'Failed to fetch Kundali compatibility data'}
      </p>
      {!incomplete && detail ? <p className="kundali-error__detail">{detail}</p> : null}
    </section>
  );
}

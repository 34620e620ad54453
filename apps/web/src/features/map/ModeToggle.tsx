import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_MODES, type MapMode } from './mode';

/** The charger/service/parking toggle: a native radio group (keyboard: arrow keys). */
export function ModeToggle({
  value,
  onChange,
}: {
  value: MapMode;
  onChange: (m: MapMode) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <div role="radiogroup" aria-label={t('map.mode.label')} className="vp-segmented">
      {MAP_MODES.map((m) => (
        <label key={m} className="vp-segmented__item" data-checked={value === m || undefined}>
          <input
            type="radio"
            name={name}
            value={m}
            checked={value === m}
            onChange={() => onChange(m)}
            className="vp-segmented__input"
          />
          <span>{t(`map.mode.${m}`)}</span>
        </label>
      ))}
    </div>
  );
}

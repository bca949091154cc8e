//! Hand-written business phrases per language, and the small grammar that joins them into
//! titles, bullets, sentences and paragraphs.
//!
//! Each language has its own word order and punctuation: English and Korean put a space between
//! subject and predicate and between sentences; Japanese and Chinese use none and end sentences
//! with 。. Korean subjects carry their particle (이/가, 은/는), so a predicate never has to agree
//! with a number in front of it. Placeholders in predicates and actions: `{p}` a percentage,
//! `{n}` an amount, `{k}` a small count, `{m}` a month, `{q}` a quarter.

use crate::rng::Rng;

/// A language the generator writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Ko,
    Ja,
    Zh,
    /// Traditional Chinese (Taiwan): documents only (`crate::doc`); decks keep four languages.
    ZhTw,
}

pub(crate) struct Book {
    /// Between a subject and its predicate.
    pub join: &'static str,
    /// After a sentence, before the next one.
    pub sep: &'static str,
    /// Sentence end.
    pub stop: &'static str,
    pub subjects: &'static [&'static str],
    pub predicates: &'static [&'static str],
    /// Whole sentences (with their own punctuation) that explain or qualify a result.
    pub tails: &'static [&'static str],
    /// Plan items, bullets without a subject.
    pub actions: &'static [&'static str],
    pub topics: &'static [&'static str],
    pub qualifiers: &'static [&'static str],
    pub sections: &'static [&'static str],
    pub quotes: &'static [&'static str],
    pub people: &'static [&'static str],
    pub closings: &'static [&'static str],
    pub notes: &'static [&'static str],
    pub sources: &'static [&'static str],
    pub columns: &'static [&'static str],
    pub rows: &'static [&'static str],
    pub series: &'static [&'static str],
    pub images: &'static [&'static str],
    pub deck_titles: &'static [&'static str],
}

pub(crate) fn book(lang: Lang) -> &'static Book {
    match lang {
        Lang::En => &EN,
        Lang::Ko => &KO,
        Lang::Ja => &JA,
        Lang::Zh => &ZH,
        Lang::ZhTw => &crate::phrases_tw::ZH_TW,
    }
}

impl Lang {
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ko => "ko",
            Lang::Ja => "ja",
            Lang::Zh => "zh",
            Lang::ZhTw => "zh-TW",
        }
    }
}

/// Fills the placeholders of a template with numbers written the way the language writes them.
pub(crate) fn fill(lang: Lang, template: &str, rng: &mut Rng) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let key = rest[i + 1..].chars().next().unwrap_or('?');
        out.push_str(&number(lang, key, rng));
        rest = &rest[(i + 3).min(rest.len())..];
    }
    out.push_str(rest);
    out
}

fn number(lang: Lang, key: char, rng: &mut Rng) -> String {
    match key {
        'p' => {
            let whole = rng.range(1, 48);
            if rng.chance(40) {
                format!("{whole}.{}%", rng.range(1, 10))
            } else {
                format!("{whole}%")
            }
        }
        'n' => amount(lang, rng),
        'k' => rng.range(2, 13).to_string(),
        'm' => month(lang, rng.range(1, 13)),
        'q' => match lang {
            Lang::En => format!("Q{}", rng.range(1, 5)),
            Lang::Ko => format!("{}분기", rng.range(1, 5)),
            Lang::Ja => format!("第{}四半期", rng.range(1, 5)),
            Lang::Zh => format!("第{}季度", rng.range(1, 5)),
            Lang::ZhTw => format!("第{}季", rng.range(1, 5)),
        },
        _ => String::new(),
    }
}

fn amount(lang: Lang, rng: &mut Rng) -> String {
    let a = rng.range(1, 99);
    let b = rng.range(0, 10);
    match (lang, rng.range(0, 3)) {
        (Lang::En, 0) => format!("${a}.{b}M"),
        (Lang::En, 1) => format!("{a},{:03} users", rng.range(0, 1000)),
        (Lang::En, _) => format!("{a}.{b} points"),
        (Lang::Ko, 0) => format!("{a}억 원"),
        (Lang::Ko, 1) => format!("{a}만 명"),
        (Lang::Ko, _) => format!("{a}.{b}점"),
        (Lang::Ja, 0) => format!("{a}億円"),
        (Lang::Ja, 1) => format!("{a}万人"),
        (Lang::Ja, _) => format!("{a}.{b}ポイント"),
        (Lang::Zh, 0) => format!("{a}00万元"),
        (Lang::Zh, 1) => format!("{a}.{b}万人"),
        (Lang::Zh, _) => format!("{a}.{b}分"),
        (Lang::ZhTw, 0) => format!("{a}00萬元"),
        (Lang::ZhTw, 1) => format!("{a}.{b}萬人"),
        (Lang::ZhTw, _) => format!("{a}.{b}分"),
    }
}

fn month(lang: Lang, m: u64) -> String {
    const EN_MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    match lang {
        Lang::En => EN_MONTHS[(m as usize - 1) % 12].to_string(),
        Lang::Ko => format!("{m}월"),
        Lang::Ja | Lang::Zh | Lang::ZhTw => format!("{m}月"),
    }
}

impl Book {
    /// Subject + predicate, no final punctuation (a bullet's usual shape).
    pub fn clause(&self, lang: Lang, rng: &mut Rng) -> String {
        let s = rng.pick(self.subjects);
        let p = fill(lang, rng.pick(self.predicates), rng);
        format!("{s}{}{p}", self.join)
    }

    pub fn action(&self, lang: Lang, rng: &mut Rng) -> String {
        fill(lang, rng.pick(self.actions), rng)
    }

    /// A full sentence, sometimes followed by an explaining one.
    pub fn sentence(&self, lang: Lang, rng: &mut Rng) -> String {
        let mut s = if rng.chance(25) {
            self.action(lang, rng)
        } else {
            self.clause(lang, rng)
        };
        s.push_str(self.stop);
        if rng.chance(45) {
            s.push_str(self.sep);
            s.push_str(rng.pick(self.tails));
        }
        s
    }

    /// A title: a topic, sometimes with a qualifier or a period.
    pub fn title(&self, lang: Lang, rng: &mut Rng) -> String {
        let topic = rng.pick(self.topics);
        match rng.range(0, 4) {
            0 => format!("{topic}: {}", rng.pick(self.qualifiers)),
            1 => fill(lang, &format!("{{q}} {topic}"), rng),
            _ => topic.to_string(),
        }
    }

    /// Sentences appended until `target` characters (never more than `max`).
    pub fn paragraph(&self, lang: Lang, rng: &mut Rng, target: usize, max: usize) -> String {
        let mut out = String::new();
        loop {
            let s = self.sentence(lang, rng);
            let len = out.chars().count();
            let add = s.chars().count() + if out.is_empty() { 0 } else { self.sep.len() };
            if len + add > max {
                if out.is_empty() {
                    out = truncate(&s, max);
                }
                break;
            }
            if !out.is_empty() {
                out.push_str(self.sep);
            }
            out.push_str(&s);
            if out.chars().count() >= target {
                break;
            }
        }
        out
    }

    /// A bullet of roughly the given weight: 0 short, 1 a clause with a tail, 2 long
    /// (several sentences, up to `max` characters).
    pub fn bullet(&self, lang: Lang, rng: &mut Rng, weight: u8, max: usize) -> String {
        let mut b = if rng.chance(30) {
            self.action(lang, rng)
        } else {
            self.clause(lang, rng)
        };
        if weight >= 1 {
            b.push_str(self.stop);
            b.push_str(self.sep);
            b.push_str(rng.pick(self.tails));
        }
        if weight >= 2 {
            while b.chars().count() < max * 2 / 3 {
                b.push_str(self.sep);
                b.push_str(&self.sentence(lang, rng));
            }
        }
        truncate(&b, max)
    }
}

/// At most `max` characters, cut at the last sentence end or space that keeps it under.
pub(crate) fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let cut: String = s.chars().take(max).collect();
    let at = cut
        .char_indices()
        .rev()
        .filter(|&(_, c)| matches!(c, '.' | '。' | ' '))
        .map(|(i, c)| i + c.len_utf8())
        .find(|&i| i > cut.len() / 2);
    match at {
        Some(i) => cut[..i].trim_end().to_string(),
        None => cut,
    }
}

static EN: Book = Book {
    join: " ",
    sep: " ",
    stop: ".",
    subjects: &[
        "New customer sign-ups",
        "Cloud infrastructure cost",
        "Average deal size",
        "Net revenue retention",
        "The support ticket backlog",
        "Gross margin",
        "Weekly active users",
        "The enterprise pipeline",
        "Time to first value",
        "Churn in the SMB segment",
        "The onboarding completion rate",
        "Partner-sourced revenue",
        "Inventory turnover",
        "Days sales outstanding",
        "The employee engagement score",
        "Release frequency",
        "Mean time to recovery",
        "Marketing-qualified leads",
        "The renewal rate in APAC",
        "Operating expenses",
        "API call volume",
        "Self-serve conversion",
    ],
    predicates: &[
        "rose {p} quarter over quarter",
        "fell {p} after the pricing change",
        "grew {p} year over year",
        "improved by {p} against plan",
        "declined {p} as we retired legacy SKUs",
        "reached {n} for the first time",
        "held steady at {n} despite seasonality",
        "beat the target by {p}",
        "missed the forecast by {p}",
        "recovered to {n} by {m}",
        "doubled in the Korean market",
        "outpaced the industry benchmark by {p}",
        "slipped {p} during the {m} outage",
        "stayed within {p} of budget",
    ],
    tails: &[
        "Most of the gain came from the self-serve funnel.",
        "Japan and Korea contributed more than half of it.",
        "Headcount stayed flat over the same period.",
        "The new onboarding flow is the main driver.",
        "This frees budget for hiring in the fourth quarter.",
        "We expect the trend to continue into next year.",
        "Two large renewals were pulled forward from January.",
        "The effect of the currency swing was roughly neutral.",
        "Customer interviews point to faster report generation as the reason.",
        "The comparison excludes the acquired business.",
        "Finance will restate the figure once the audit closes.",
        "A single outage in the Singapore region explains most of the dip.",
        "Without the one-off migration credit the number would be lower.",
        "Competitors cut prices twice, which slowed new deals.",
    ],
    actions: &[
        "Launch the partner portal in {m}",
        "Consolidate three data pipelines into one warehouse",
        "Hire {k} solution engineers for the Tokyo office",
        "Cut onboarding from fourteen days to {k}",
        "Publish quality metrics to customers every week",
        "Move the billing service to the new cloud account by {m}",
        "Run a pricing experiment with {k} mid-market accounts",
        "Retire the legacy reporting module before {q}",
        "Add single sign-on and audit logs to the standard plan",
        "Open a support desk in Seoul with Korean-speaking staff",
        "Reduce the release cycle to {k} days without raising incident counts",
        "Translate the admin console into Japanese and Traditional Chinese",
        "Review every contract above {n} with legal before signature",
        "Automate the month-end close for the {k} largest subsidiaries",
    ],
    topics: &[
        "Quarterly business review",
        "Revenue and margin",
        "Customer growth",
        "Product roadmap",
        "Go-to-market plan",
        "Operational excellence",
        "Risks and mitigations",
        "Hiring plan",
        "Regional performance",
        "Pricing strategy",
        "Platform reliability",
        "Partner ecosystem",
        "Budget request",
        "Customer feedback",
        "Competitive landscape",
        "Key decisions needed",
    ],
    qualifiers: &[
        "what changed",
        "results against plan",
        "lessons learned",
        "next steps",
        "where we stand",
        "three priorities",
        "the numbers behind it",
        "open questions",
    ],
    sections: &[
        "Part 1: Results",
        "Part 2: Customers",
        "Part 3: Product",
        "Part 4: Operations",
        "Part 5: Plan for next year",
        "Appendix",
        "Financial detail",
        "Market context",
    ],
    quotes: &[
        "\u{201C}We chose the platform because every slide came out on brand the first time.\u{201D}",
        "\u{201C}The report used to take our analysts two days; now it takes twenty minutes.\u{201D}",
        "\u{201C}Reliability is a feature, and our customers notice when it is missing.\u{201D}",
        "\u{201C}Growth without retention is just expensive marketing.\u{201D}",
        "\u{201C}If a metric does not change a decision, stop reporting it.\u{201D}",
        "\u{201C}Our partners sell what they understand, so make it simple to explain.\u{201D}",
    ],
    people: &[
        "Head of Operations, a logistics customer",
        "Chief Financial Officer",
        "VP Customer Success",
        "Regional manager, Japan",
        "Product lead, reporting",
        "Procurement director, a retail customer",
    ],
    closings: &[
        "Thank you",
        "Questions and discussion",
        "Next steps and owners",
        "Thank you for your time",
    ],
    notes: &[
        "Open with the headline number and pause before the detail.",
        "Figures are as of the last day of the quarter, before audit.",
        "If asked about churn, point to the SMB cohort analysis in the appendix.",
        "Keep this slide under two minutes; the discussion comes later.",
        "Mention that the Korean launch date moved by two weeks.",
        "The comparison period includes one extra working day.",
        "Hand over to the regional lead for the Japan numbers.",
        "Avoid forward-looking revenue statements on this slide.",
    ],
    sources: &[
        "Quarterly finance dashboard",
        "Customer survey, 1,240 responses",
        "Product analytics export",
        "Industry benchmark report",
        "Support ticket system",
        "Board pack, internal",
        "Partner revenue ledger",
        "Market sizing study",
    ],
    columns: &["Region", "Revenue", "Growth", "Customers", "Margin", "Target"],
    rows: &["Korea", "Japan", "Greater China", "Southeast Asia", "North America", "Europe"],
    series: &["Revenue", "Operating cost", "New customers", "Renewals"],
    images: &[
        "Team photo at the Seoul office opening",
        "Screenshot of the new reporting dashboard",
        "Map of regional data centres",
        "Product packaging for the retail launch",
    ],
    deck_titles: &[
        "Quarterly Business Review",
        "Annual Planning Offsite",
        "Board Update",
        "Go-to-Market Review",
    ],
};

static KO: Book = Book {
    join: " ",
    sep: " ",
    stop: ".",
    subjects: &[
        "신규 고객 수가",
        "클라우드 인프라 비용이",
        "평균 계약 금액이",
        "순매출 유지율이",
        "고객 지원 대기 건수가",
        "매출총이익률이",
        "주간 활성 사용자가",
        "엔터프라이즈 파이프라인이",
        "첫 성과까지 걸리는 시간이",
        "중소기업 고객 이탈률이",
        "온보딩 완료율이",
        "파트너 경유 매출이",
        "재고 회전율이",
        "매출채권 회수 기간이",
        "직원 몰입도 점수가",
        "배포 주기가",
        "장애 평균 복구 시간이",
        "마케팅 유효 리드가",
        "아시아 지역 갱신율이",
        "영업비용이",
        "API 호출량이",
        "셀프서비스 전환율이",
    ],
    predicates: &[
        "전 분기 대비 {p} 증가했습니다",
        "가격 정책 변경 이후 {p} 감소했습니다",
        "전년 동기 대비 {p} 성장했습니다",
        "계획 대비 {p} 개선되었습니다",
        "구형 상품 단종으로 {p} 줄었습니다",
        "처음으로 {n} 수준에 도달했습니다",
        "계절 요인에도 {n} 수준을 유지했습니다",
        "목표치를 {p} 초과 달성했습니다",
        "전망치보다 {p} 낮았습니다",
        "{m}까지 {n} 수준으로 회복했습니다",
        "국내 시장에서 두 배로 늘었습니다",
        "업계 평균보다 {p} 높았습니다",
        "{m} 장애 기간에 {p} 하락했습니다",
        "예산 대비 {p} 이내로 관리되었습니다",
    ],
    tails: &[
        "증가분의 대부분은 셀프서비스 유입에서 나왔습니다.",
        "일본과 한국 시장이 절반 이상을 차지했습니다.",
        "같은 기간 인력은 늘리지 않았습니다.",
        "새로운 온보딩 절차가 가장 큰 요인입니다.",
        "절감된 예산은 4분기 채용에 투입할 예정입니다.",
        "이 추세는 내년에도 이어질 것으로 예상합니다.",
        "1월 예정이던 대형 갱신 두 건이 앞당겨졌습니다.",
        "환율 변동의 영향은 거의 없었습니다.",
        "고객 인터뷰에서는 보고서 작성 시간 단축이 가장 자주 언급되었습니다.",
        "인수한 사업부의 실적은 비교에서 제외했습니다.",
        "감사가 끝나면 재무팀이 수치를 확정합니다.",
        "싱가포르 리전 장애 한 건이 하락의 대부분을 설명합니다.",
        "일회성 이전 크레딧을 제외하면 수치는 더 낮아집니다.",
        "경쟁사가 두 차례 가격을 인하하면서 신규 계약 속도가 느려졌습니다.",
    ],
    actions: &[
        "{m}에 파트너 포털을 출시합니다",
        "세 개의 데이터 파이프라인을 하나의 웨어하우스로 통합합니다",
        "도쿄 사무소에 솔루션 엔지니어 {k}명을 채용합니다",
        "온보딩 기간을 14일에서 {k}일로 단축합니다",
        "품질 지표를 매주 고객에게 공개합니다",
        "{m}까지 결제 서비스를 새 클라우드 계정으로 이전합니다",
        "중견기업 고객 {k}곳과 가격 실험을 진행합니다",
        "{q} 이전에 구형 보고서 모듈을 종료합니다",
        "표준 요금제에 SSO와 감사 로그를 추가합니다",
        "서울에 한국어 상담 인력을 갖춘 지원 센터를 엽니다",
        "장애 건수를 늘리지 않고 배포 주기를 {k}일로 줄입니다",
        "관리 콘솔을 일본어와 중국어 번체로 번역합니다",
        "{n} 이상의 모든 계약은 서명 전에 법무 검토를 거칩니다",
        "상위 {k}개 자회사의 월말 결산을 자동화합니다",
    ],
    topics: &[
        "분기 사업 리뷰",
        "매출과 수익성",
        "고객 성장",
        "제품 로드맵",
        "시장 진출 계획",
        "운영 효율화",
        "리스크와 대응 방안",
        "채용 계획",
        "지역별 실적",
        "가격 전략",
        "플랫폼 안정성",
        "파트너 생태계",
        "예산 요청",
        "고객 의견",
        "경쟁 환경",
        "결정이 필요한 사항",
    ],
    qualifiers: &[
        "무엇이 달라졌나",
        "계획 대비 실적",
        "배운 점",
        "다음 단계",
        "현재 위치",
        "세 가지 우선순위",
        "숫자로 본 근거",
        "남은 질문",
    ],
    sections: &[
        "1부: 성과 요약",
        "2부: 고객",
        "3부: 제품",
        "4부: 운영",
        "5부: 내년 계획",
        "부록",
        "재무 상세",
        "시장 상황",
    ],
    quotes: &[
        "\u{201C}처음부터 모든 슬라이드가 브랜드 가이드에 맞게 나와서 이 플랫폼을 선택했습니다.\u{201D}",
        "\u{201C}분석가가 이틀 걸리던 보고서를 이제 20분이면 만듭니다.\u{201D}",
        "\u{201C}안정성도 기능입니다. 없을 때 고객이 먼저 압니다.\u{201D}",
        "\u{201C}유지율 없는 성장은 비싼 마케팅일 뿐입니다.\u{201D}",
        "\u{201C}의사결정을 바꾸지 못하는 지표라면 보고를 멈추십시오.\u{201D}",
        "\u{201C}파트너는 이해한 것만 팝니다. 설명하기 쉽게 만들어야 합니다.\u{201D}",
    ],
    people: &[
        "물류 고객사 운영 총괄",
        "최고재무책임자",
        "고객 성공 담당 부사장",
        "일본 지역 매니저",
        "보고서 제품 리드",
        "유통 고객사 구매 이사",
    ],
    closings: &["감사합니다", "질의응답", "다음 단계와 담당자", "경청해 주셔서 감사합니다"],
    notes: &[
        "핵심 수치를 먼저 말하고 잠시 멈춘 뒤 세부 내용을 설명합니다.",
        "수치는 분기 마지막 날 기준이며 감사 전 자료입니다.",
        "이탈률 질문이 나오면 부록의 중소기업 코호트 분석을 안내합니다.",
        "이 슬라이드는 2분 안에 마치고 토론은 뒤로 미룹니다.",
        "국내 출시일이 2주 늦춰졌다는 점을 언급합니다.",
        "비교 기간에는 영업일이 하루 더 포함되어 있습니다.",
        "일본 수치는 지역 리드에게 넘겨 설명하게 합니다.",
        "이 슬라이드에서는 매출 전망을 언급하지 않습니다.",
    ],
    sources: &[
        "분기 재무 대시보드",
        "고객 설문, 응답 1,240건",
        "제품 분석 데이터",
        "업계 벤치마크 보고서",
        "고객 지원 티켓 시스템",
        "이사회 보고 자료(내부)",
        "파트너 매출 원장",
        "시장 규모 조사",
    ],
    columns: &["지역", "매출", "성장률", "고객 수", "이익률", "목표"],
    rows: &["한국", "일본", "중화권", "동남아시아", "북미", "유럽"],
    series: &["매출", "영업비용", "신규 고객", "갱신"],
    images: &[
        "서울 사무소 개소식 단체 사진",
        "새 보고서 대시보드 화면",
        "지역별 데이터센터 지도",
        "리테일 출시용 제품 패키지",
    ],
    deck_titles: &["분기 사업 리뷰", "연간 계획 워크숍", "이사회 보고", "시장 진출 점검"],
};

static JA: Book = Book {
    join: "",
    sep: "",
    stop: "。",
    subjects: &[
        "新規顧客数は",
        "クラウド基盤のコストは",
        "平均契約単価は",
        "売上継続率は",
        "サポートの未対応件数は",
        "売上総利益率は",
        "週間アクティブユーザーは",
        "エンタープライズ案件のパイプラインは",
        "初回成果までの期間は",
        "中小企業セグメントの解約率は",
        "オンボーディング完了率は",
        "パートナー経由の売上は",
        "在庫回転率は",
        "売掛金の回収日数は",
        "従業員エンゲージメントスコアは",
        "リリース頻度は",
        "障害からの平均復旧時間は",
        "マーケティング有効リードは",
        "アジア地域の更新率は",
        "営業費用は",
        "API呼び出し数は",
        "セルフサービスの転換率は",
    ],
    predicates: &[
        "前四半期比で{p}増加しました",
        "価格改定後に{p}減少しました",
        "前年同期比で{p}成長しました",
        "計画を{p}上回りました",
        "旧製品の販売終了により{p}減りました",
        "初めて{n}に達しました",
        "季節要因にもかかわらず{n}を維持しました",
        "目標を{p}超過しました",
        "見通しを{p}下回りました",
        "{m}までに{n}へ回復しました",
        "国内市場で倍増しました",
        "業界平均を{p}上回りました",
        "{m}の障害期間中に{p}低下しました",
        "予算比{p}以内に収まりました",
    ],
    tails: &[
        "増加分の大半はセルフサービス経由の流入によるものです。",
        "日本と韓国で全体の半分以上を占めました。",
        "同じ期間、人員は増やしていません。",
        "新しいオンボーディング手順が最大の要因です。",
        "削減した予算は第4四半期の採用に充てる予定です。",
        "この傾向は来年も続くと見ています。",
        "1月予定だった大型更新2件が前倒しになりました。",
        "為替変動の影響はほぼありませんでした。",
        "顧客インタビューでは「レポート作成時間の短縮」が最も多く挙がりました。",
        "買収した事業は比較から除いています。",
        "監査終了後に財務チームが数値を確定します。",
        "シンガポールリージョンの障害1件が低下の大部分を説明します。",
        "一時的な移行クレジットを除くと数値はさらに低くなります。",
        "競合が2度値下げしたため、新規契約のペースが落ちました。",
    ],
    actions: &[
        "{m}にパートナーポータルを公開する",
        "3本のデータパイプラインを1つのウェアハウスに統合する",
        "東京オフィスでソリューションエンジニアを{k}名採用する",
        "オンボーディング期間を14日から{k}日に短縮する",
        "品質指標を毎週お客様に公開する",
        "{m}までに課金サービスを新しいクラウドアカウントへ移行する",
        "中堅企業{k}社と価格の実験を行う",
        "{q}までに旧レポートモジュールを廃止する",
        "標準プランにシングルサインオンと監査ログを追加する",
        "ソウルに韓国語対応のサポート窓口を開設する",
        "障害件数を増やさずにリリース周期を{k}日に縮める",
        "管理コンソールを韓国語と繁体字中国語に翻訳する",
        "{n}以上の契約はすべて署名前に法務レビューを受ける",
        "上位{k}社の子会社の月次決算を自動化する",
    ],
    topics: &[
        "四半期事業レビュー",
        "売上と利益率",
        "顧客の成長",
        "製品ロードマップ",
        "市場参入計画",
        "業務効率化",
        "リスクと対応策",
        "採用計画",
        "地域別の業績",
        "価格戦略",
        "プラットフォームの信頼性",
        "パートナーエコシステム",
        "予算申請",
        "お客様の声",
        "競合状況",
        "決定が必要な事項",
    ],
    qualifiers: &[
        "何が変わったか",
        "計画との比較",
        "学んだこと",
        "次のステップ",
        "現在地",
        "3つの優先事項",
        "数字で見る根拠",
        "残る論点",
    ],
    sections: &[
        "第1部：業績",
        "第2部：顧客",
        "第3部：製品",
        "第4部：運用",
        "第5部：来期の計画",
        "付録",
        "財務の詳細",
        "市場環境",
    ],
    quotes: &[
        "「最初からすべてのスライドがブランドどおりに仕上がるので、このプラットフォームを選びました。」",
        "「アナリストが2日かけていたレポートが、今は20分で完成します。」",
        "「信頼性も機能の一つです。欠けていればお客様がすぐに気づきます。」",
        "「継続率のない成長は、高くつく広告にすぎません。」",
        "「意思決定を変えない指標なら、報告をやめましょう。」",
        "「パートナーは理解したものしか売りません。説明しやすくすることが大切です。」",
    ],
    people: &[
        "物流企業 オペレーション責任者",
        "最高財務責任者",
        "カスタマーサクセス担当副社長",
        "日本地域マネージャー",
        "レポート製品リード",
        "小売企業 購買部長",
    ],
    closings: &["ありがとうございました", "質疑応答", "次のステップと担当者", "ご清聴ありがとうございました"],
    notes: &[
        "最初に主要な数字を伝え、少し間を置いてから詳細に入ります。",
        "数値は四半期末日時点のもので、監査前です。",
        "解約率について質問が出たら、付録の中小企業コホート分析を案内します。",
        "このスライドは2分以内で終え、議論は後に回します。",
        "韓国でのリリース日が2週間延びたことに触れます。",
        "比較期間には営業日が1日多く含まれています。",
        "日本の数字は地域リードに説明を任せます。",
        "このスライドでは売上見通しに触れません。",
    ],
    sources: &[
        "四半期財務ダッシュボード",
        "顧客アンケート（回答1,240件）",
        "製品分析データ",
        "業界ベンチマークレポート",
        "サポートチケットシステム",
        "取締役会資料（社内）",
        "パートナー売上台帳",
        "市場規模調査",
    ],
    columns: &["地域", "売上", "成長率", "顧客数", "利益率", "目標"],
    rows: &["韓国", "日本", "中華圏", "東南アジア", "北米", "欧州"],
    series: &["売上", "営業費用", "新規顧客", "更新"],
    images: &[
        "ソウルオフィス開設時の集合写真",
        "新しいレポートダッシュボードの画面",
        "地域別データセンターの地図",
        "小売向け製品パッケージ",
    ],
    deck_titles: &["四半期事業レビュー", "年間計画オフサイト", "取締役会報告", "市場参入レビュー"],
};

static ZH: Book = Book {
    join: "",
    sep: "",
    stop: "。",
    subjects: &[
        "新客户数量",
        "云基础设施成本",
        "平均合同金额",
        "净收入留存率",
        "待处理支持工单",
        "毛利率",
        "周活跃用户",
        "企业客户商机",
        "首次见效所需时间",
        "中小企业客户流失率",
        "新手引导完成率",
        "合作伙伴带来的收入",
        "库存周转率",
        "应收账款回收天数",
        "员工敬业度得分",
        "发布频率",
        "故障平均恢复时间",
        "市场合格线索",
        "亚太地区续约率",
        "运营费用",
        "API调用量",
        "自助服务转化率",
    ],
    predicates: &[
        "环比增长{p}",
        "在调价后下降了{p}",
        "同比增长{p}",
        "比计划提高了{p}",
        "因旧产品停售减少了{p}",
        "首次达到{n}",
        "在季节性因素下仍保持在{n}",
        "超出目标{p}",
        "比预测低{p}",
        "到{m}已恢复至{n}",
        "在国内市场翻了一番",
        "高出行业平均水平{p}",
        "在{m}的故障期间下降了{p}",
        "控制在预算的{p}以内",
    ],
    tails: &[
        "增长主要来自自助服务渠道。",
        "日本和韩国贡献了一半以上。",
        "同期员工人数没有增加。",
        "新的引导流程是最主要的原因。",
        "节省下来的预算将用于第四季度招聘。",
        "我们预计这一趋势将延续到明年。",
        "原定一月的两笔大额续约提前完成。",
        "汇率波动的影响基本可以忽略。",
        "客户访谈中最常提到的是《报告生成时间缩短》。",
        "比较数据不包括收购的业务。",
        "审计结束后财务团队将确认最终数字。",
        "新加坡区域的一次故障解释了大部分下滑。",
        "如果剔除一次性迁移抵扣，数字会更低。",
        "竞争对手两次降价，减缓了新签合同的速度。",
    ],
    actions: &[
        "{m}上线合作伙伴门户",
        "将三条数据管道整合到一个数据仓库",
        "为东京办公室招聘{k}名解决方案工程师",
        "把新手引导周期从十四天缩短到{k}天",
        "每周向客户公开质量指标",
        "{m}前将计费服务迁移到新的云账户",
        "与{k}家中型企业客户开展定价试验",
        "在{q}之前停用旧的报表模块",
        "在标准套餐中加入单点登录和审计日志",
        "在首尔设立配备韩语人员的支持中心",
        "在不增加故障数量的前提下把发布周期缩短到{k}天",
        "将管理控制台翻译成日语和繁体中文",
        "金额超过{n}的合同签署前必须经过法务审核",
        "为前{k}家子公司实现月末结账自动化",
    ],
    topics: &[
        "季度业务回顾",
        "收入与利润率",
        "客户增长",
        "产品路线图",
        "市场进入计划",
        "运营效率",
        "风险与应对措施",
        "招聘计划",
        "各区域业绩",
        "定价策略",
        "平台可靠性",
        "合作伙伴生态",
        "预算申请",
        "客户反馈",
        "竞争格局",
        "需要决策的事项",
    ],
    qualifiers: &[
        "发生了什么变化",
        "与计划对比",
        "经验教训",
        "下一步",
        "目前进展",
        "三项优先事项",
        "数据依据",
        "待解决的问题",
    ],
    sections: &[
        "第一部分：业绩",
        "第二部分：客户",
        "第三部分：产品",
        "第四部分：运营",
        "第五部分：明年计划",
        "附录",
        "财务明细",
        "市场环境",
    ],
    quotes: &[
        "“我们选择这个平台，是因为每一页幻灯片第一次就符合品牌规范。”",
        "“分析师过去要花两天做的报告，现在二十分钟就能完成。”",
        "“可靠性本身就是功能，缺了它客户马上就会察觉。”",
        "“没有留存的增长，只是昂贵的营销。”",
        "“如果一个指标不能改变决策，就不要再汇报它。”",
        "“合作伙伴只卖他们理解的东西，所以要让产品容易解释。”",
    ],
    people: &[
        "某物流客户运营负责人",
        "首席财务官",
        "客户成功副总裁",
        "日本区域经理",
        "报表产品负责人",
        "某零售客户采购总监",
    ],
    closings: &["谢谢", "问答环节", "下一步与负责人", "感谢各位的时间"],
    notes: &[
        "先讲核心数字，停顿一下再展开细节。",
        "数据截至季度最后一天，尚未经过审计。",
        "如果被问到流失率，请引导到附录中的中小企业分组分析。",
        "这一页控制在两分钟以内，讨论放到最后。",
        "提一下韩国上线日期推迟了两周。",
        "对比期间多包含一个工作日。",
        "日本的数据请交给区域负责人讲解。",
        "这一页不要提及收入预测。",
    ],
    sources: &[
        "季度财务看板",
        "客户调查（1,240份回复）",
        "产品分析数据",
        "行业基准报告",
        "客户支持工单系统",
        "董事会材料（内部）",
        "合作伙伴收入台账",
        "市场规模研究",
    ],
    columns: &["地区", "收入", "增长率", "客户数", "利润率", "目标"],
    rows: &["韩国", "日本", "大中华区", "东南亚", "北美", "欧洲"],
    series: &["收入", "运营费用", "新客户", "续约"],
    images: &[
        "首尔办公室开业合影",
        "新版报表看板截图",
        "各区域数据中心分布图",
        "零售发布的产品包装",
    ],
    deck_titles: &["季度业务回顾", "年度规划会", "董事会汇报", "市场进入复盘"],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled() {
        let mut rng = Rng::new(7);
        for lang in [Lang::En, Lang::Ko, Lang::Ja, Lang::Zh, Lang::ZhTw] {
            let b = book(lang);
            for t in b.predicates.iter().chain(b.actions) {
                let s = fill(lang, t, &mut rng);
                assert!(!s.contains('{') && !s.contains('}'), "{s}");
            }
        }
    }

    #[test]
    fn truncate_keeps_whole_sentences_when_it_can() {
        assert_eq!(truncate("One two. Three four five.", 12), "One two.");
        assert_eq!(truncate("abc", 10), "abc");
        assert_eq!(truncate("가나다라마바사", 3), "가나다");
    }
}

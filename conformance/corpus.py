"""The conformance corpus: deterministic SlideSpec decks that exercise the rules LibreOffice has
to agree with — every script we set (Latin, Korean, Japanese, Simplified and Traditional
Chinese), mixed-script lines, long unbreakable tokens, bullets right at the fit boundary, and
every text preset. `python3 conformance/corpus.py OUT_DIR [--fast]` writes one JSON per deck.

The same seed always gives the same decks (random.Random with an integer seed)."""

import json
import random
import sys
from pathlib import Path

EN = [
    "Revenue grew 18 percent year over year",
    "Ship the self-serve onboarding flow to every new customer by mid-October",
    "Cut infrastructure cost per active user by 15 percent",
    "Hire two senior engineers for the rendering team",
    "Customer satisfaction rose from 41 to 52 after the support desk moved to a follow-the-sun rota",
    "Churn fell below two percent for the first time",
    "Migrate the billing service to the new event bus before the holiday freeze",
    "Pilot customers asked for single sign-on, audit logs and regional data residency",
    "Quarterly planning now starts three weeks earlier, which gives teams time to staff projects",
    "Open questions: pricing for enterprise tiers and the partner revenue share",
    "Reduce median page load from 2.4 s to under 1 s on mobile",
    "Our largest competitor cut prices twice this year; we held ours and still gained share",
    "Retire the legacy reporting stack",
    "Every release goes through a staged rollout with automatic rollback on error budgets",
    "Hiring plan: 12 engineers, 3 designers, 2 product managers",
    "Finance closes the books in four days instead of nine",
]
KO = [
    "신규 고객 수가 전 분기 대비 32% 증가했습니다",
    "클라우드 비용을 15% 절감하여 영업이익률이 개선되었습니다",
    "고객 만족도 점수가 41에서 52로 상승했습니다",
    "국내 시장은 경쟁이 심화되고 있으며, 가격 경쟁보다는 품질과 신뢰성으로 차별화해야 합니다",
    "하반기에는 동남아시아 세 개 국가에 현지 법인을 설립할 계획입니다",
    "문서 자동 생성 기능의 정식 출시로 영업팀의 제안서 작성 시간이 절반으로 줄었습니다",
    "장애 대응 시간 단축",
    "파트너 생태계 확대와 공동 마케팅 프로그램 운영",
    "데이터 센터 이전은 예정보다 두 달 앞당겨 완료되었습니다",
    "보안 인증 획득을 위한 내부 감사가 다음 달에 시작됩니다",
    "채용 계획은 개발자 열두 명과 디자이너 세 명입니다",
    "모바일 앱의 평균 로딩 시간을 2.4초에서 1초 미만으로 줄이는 것이 목표입니다",
    "주요 경쟁사가 올해 두 차례 가격을 인하했지만 우리는 가격을 유지하면서도 점유율을 높였습니다",
    "분기 계획 수립을 3주 앞당겨 각 팀이 인력을 미리 배치할 수 있게 되었습니다",
    "재무팀의 결산 기간이 9일에서 4일로 단축되었습니다",
    "품질 지표 공개",
]
JA = [
    "新規顧客数は前四半期比で32%増加しました",
    "クラウド費用を15%削減し、営業利益率が改善しました",
    "顧客満足度は41から52に上昇しました",
    "国内市場は競争が激化しており、価格ではなく品質と信頼性で差別化する必要があります",
    "下半期には東南アジアの三か国に現地法人を設立する予定です",
    "文書自動生成機能の正式リリースにより、提案書の作成時間が半分になりました",
    "障害対応時間の短縮",
    "パートナーエコシステムの拡大と共同マーケティングの実施",
    "データセンターの移転は予定より二か月早く完了しました",
    "セキュリティ認証の取得に向けた内部監査は来月始まります",
    "採用計画：エンジニア十二名、デザイナー三名",
    "モバイルアプリの平均読み込み時間を2.4秒から1秒未満に短縮することが目標です。",
    "「品質第一」の方針のもと、すべてのリリースで段階的な展開と自動ロールバックを行っています。",
    "決算期間は九日から四日に短縮されました",
]
ZH_HANS = [
    "新客户数量比上一季度增长了32%",
    "云计算成本降低15%，营业利润率有所改善",
    "客户满意度从41分提升到52分",
    "国内市场竞争日益激烈，我们需要以质量和可靠性而不是价格来实现差异化",
    "下半年计划在东南亚三个国家设立当地法人",
    "文档自动生成功能正式上线后，销售团队撰写方案的时间缩短了一半",
    "缩短故障响应时间",
    "扩大合作伙伴生态系统，开展联合营销",
    "数据中心迁移比原计划提前两个月完成。",
    "为获得安全认证，内部审计将于下月启动",
    "招聘计划：工程师十二名、设计师三名",
    "目标是将移动应用的平均加载时间从2.4秒缩短到1秒以内。",
]
ZH_HANT = [
    "新客戶數量比上一季度成長了32%",
    "雲端運算成本降低15%，營業利潤率有所改善",
    "客戶滿意度從41分提升到52分",
    "國內市場競爭日益激烈，我們需要以品質和可靠性而不是價格來實現差異化",
    "下半年計畫在東南亞三個國家設立當地法人",
    "文件自動生成功能正式上線後，業務團隊撰寫提案的時間縮短了一半",
    "縮短故障回應時間",
    "擴大合作夥伴生態系統，展開聯合行銷",
    "資料中心遷移比原計畫提前兩個月完成。",
    "為取得安全認證，內部稽核將於下月啟動",
]
MIXED = {
    "ko": [
        "2026년 3분기 ARR은 $12.5M으로 목표 대비 104%를 달성했습니다",
        "Q4 OKR: NPS 60 이상, churn 2% 미만 유지",
        "AI 기반 문서 생성 기능을 정식 출시했습니다",
        "API 응답 시간 p95를 320ms에서 180ms로 줄였습니다",
        "Salesforce와 HubSpot 연동을 10월 중 GA로 전환합니다",
        "SOC 2 Type II 인증 감사는 11월에 시작됩니다",
        "목표 : 2027년까지 MAU 500만 명 돌파",
        "Kubernetes 클러스터를 v1.31로 업그레이드하고 노드 수를 40% 줄였습니다",
    ],
    "ja": [
        "2026年第3四半期のARRは$12.5Mで、目標比104%を達成しました",
        "Q4のOKR：NPS 60以上、churn 2%未満を維持",
        "APIの応答時間p95を320msから180msに短縮しました",
        "SalesforceとHubSpotの連携を10月中にGAへ移行します",
        "Kubernetesクラスタをv1.31にアップグレードし、ノード数を40%削減しました",
    ],
    "zh-CN": [
        "2026年第三季度ARR达到$12.5M，完成目标的104%",
        "Q4 OKR：NPS 60以上，churn低于2%",
        "API响应时间p95从320ms降至180ms",
        "Salesforce与HubSpot集成将于10月转为GA",
        "Kubernetes集群升级到v1.31，节点数减少40%",
    ],
}
# Scripts beyond CJK (issue 13): Thai has no spaces between words (dictionary breaks), Arabic
# and Hebrew are right-to-left (Arabic joins), Hindi is Devanagari; emoji clusters in English.
TH = [
    "รายได้เติบโตขึ้นร้อยละสิบแปดเมื่อเทียบกับปีที่แล้ว",
    "ลดต้นทุนโครงสร้างพื้นฐานต่อผู้ใช้งานลงร้อยละสิบห้า",
    "ความพึงพอใจของลูกค้าเพิ่มขึ้นจาก 41 เป็น 52 หลังจากปรับปรุงศูนย์บริการ",
    "เปิดตัวระบบลงทะเบียนด้วยตนเองให้ลูกค้าใหม่ทุกรายภายในกลางเดือนตุลาคม",
    "อัตราการยกเลิกบริการลดลงต่ำกว่าร้อยละสองเป็นครั้งแรก",
    "ย้ายบริการเรียกเก็บเงินไปยังระบบใหม่ก่อนช่วงวันหยุด",
    "ทีมการเงินปิดบัญชีได้ภายในสี่วันแทนที่จะเป็นเก้าวัน",
    "แผนการจ้างงานประกอบด้วยวิศวกรสิบสองคนและนักออกแบบสามคน",
    "คู่แข่งรายใหญ่ลดราคาสองครั้งในปีนี้ แต่เรายังคงราคาเดิมและเพิ่มส่วนแบ่งตลาดได้",
    "ลดเวลาโหลดหน้าเว็บบนมือถือจาก 2.4 วินาทีให้ต่ำกว่าหนึ่งวินาที",
]
AR = [
    "نمت الإيرادات بنسبة 18 بالمئة مقارنة بالعام الماضي",
    "خفض تكلفة البنية التحتية لكل مستخدم نشط بنسبة 15 بالمئة",
    "ارتفع رضا العملاء من 41 إلى 52 بعد تحسين مركز الدعم",
    "إطلاق نظام التسجيل الذاتي لجميع العملاء الجدد بحلول منتصف أكتوبر",
    "انخفض معدل إلغاء الاشتراك إلى أقل من اثنين بالمئة لأول مرة",
    "نقل خدمة الفوترة إلى ناقل الأحداث الجديد قبل فترة العطلات",
    "يغلق فريق المالية الحسابات في أربعة أيام بدلا من تسعة",
    "خطة التوظيف: 12 مهندسا و3 مصممين ومديرا منتج",
    "خفض أكبر منافسينا الأسعار مرتين هذا العام، وحافظنا على أسعارنا وزادت حصتنا السوقية",
    "تقليل زمن تحميل الصفحة على الجوال من 2.4 ثانية إلى أقل من ثانية واحدة عبر API جديدة",
]
HE = [
    "ההכנסות צמחו ב-18 אחוז לעומת השנה שעברה",
    "הפחתת עלות התשתית לכל משתמש פעיל ב-15 אחוז",
    "שביעות רצון הלקוחות עלתה מ-41 ל-52 לאחר שיפור מוקד התמיכה",
    "השקת תהליך ההרשמה העצמית לכל הלקוחות החדשים עד אמצע אוקטובר",
    "שיעור הנטישה ירד מתחת לשני אחוזים לראשונה",
    "העברת שירות החיוב לאפיק האירועים החדש לפני תקופת החגים",
    "צוות הכספים סוגר את הספרים בארבעה ימים במקום תשעה",
    "תוכנית הגיוס: 12 מהנדסים, 3 מעצבים ו-2 מנהלי מוצר",
    "המתחרה הגדול ביותר שלנו הוריד מחירים פעמיים השנה; אנחנו שמרנו על המחיר והגדלנו את נתח השוק",
    "קיצור זמן הטעינה בנייד מ-2.4 שניות לפחות משנייה אחת באמצעות CDN חדש",
]
HI = [
    "पिछले वर्ष की तुलना में राजस्व में 18 प्रतिशत की वृद्धि हुई",
    "प्रति सक्रिय उपयोगकर्ता बुनियादी ढांचे की लागत में 15 प्रतिशत की कमी",
    "सहायता केंद्र में सुधार के बाद ग्राहक संतुष्टि 41 से बढ़कर 52 हो गई",
    "अक्टूबर के मध्य तक सभी नए ग्राहकों के लिए स्व-पंजीकरण प्रक्रिया शुरू करना",
    "पहली बार ग्राहक छोड़ने की दर दो प्रतिशत से नीचे आई",
    "छुट्टियों से पहले बिलिंग सेवा को नए इवेंट बस पर स्थानांतरित करना",
    "वित्त टीम अब नौ दिनों के बजाय चार दिनों में खाते बंद करती है",
    "भर्ती योजना: 12 इंजीनियर, 3 डिज़ाइनर और 2 उत्पाद प्रबंधक",
    "हमारे सबसे बड़े प्रतिस्पर्धी ने इस वर्ष दो बार कीमतें घटाईं; हमने कीमतें बनाए रखीं और बाज़ार हिस्सेदारी बढ़ाई",
    "मोबाइल पर पेज लोड होने का समय 2.4 सेकंड से घटाकर एक सेकंड से कम करना",
]
EMOJI = [
    "✅ Revenue grew 18 percent year over year 📈",
    "🚀 Ship the self-serve onboarding flow by mid-October",
    "👩‍💻 Hire two senior engineers for the rendering team 👨🏽‍💻",
    "🇰🇷 🇯🇵 🇺🇸 Three regions went live this quarter 🎉",
    "⚠️ Churn fell below two percent for the first time, keep watching it",
    "Customer satisfaction rose from 41 to 52 😊👍🏻 after the support desk moved to a follow-the-sun rota",
    "#️⃣ Keycaps: 1️⃣ 2️⃣ 3️⃣ priorities for next quarter ⭐",
    "💡 Pilot customers asked for single sign-on, audit logs 🔐 and regional data residency 🌏",
    "🏳️‍🌈 Every release goes through a staged rollout with automatic rollback ✔️",
    "Finance closes the books in four days instead of nine ⏱️🔥",
]
TOKENS = [
    "https://docs.example.com/platform/rendering/specrender/v1/reference/text-fitting-policy#shrink-steps",
    "PN-4471-XQ-88210-REV-C",
    "/var/lib/specrender/cache/fonts/NotoSansCJK-Regular.ttc",
    "SR-2026-11-0042-KR-SEOUL-DC3-RACK17",
    "Rechtsschutzversicherungsgesellschaften",
    "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4",
    "support+enterprise-escalations@example-corporation.co.kr",
]
# Pool name -> the deck's language where they differ.
LANG_TAG = {"en-emoji": "en"}
POOLS = {"en": EN, "ko": KO, "ja": JA, "zh-CN": ZH_HANS, "zh-TW": ZH_HANT,
         "th": TH, "ar": AR, "he": HE, "hi": HI, "en-emoji": EMOJI}
TITLES = {
    "en": ["Quarterly business review", "Three priorities for next quarter", "Market and response", "Roadmap"],
    "ko": ["분기 실적 보고", "핵심 성과", "시장 현황과 대응", "하반기 로드맵"],
    "ja": ["四半期業績報告", "主な成果", "市場の状況と対応", "下半期ロードマップ"],
    "zh-CN": ["季度业绩报告", "主要成果", "市场现状与对策", "下半年路线图"],
    "zh-TW": ["季度業績報告", "主要成果", "市場現況與對策", "下半年路線圖"],
    "th": ["รายงานผลประกอบการรายไตรมาส", "ผลงานสำคัญ", "สถานการณ์ตลาดและการตอบสนอง", "แผนงานครึ่งปีหลัง"],
    "ar": ["مراجعة الأعمال الفصلية", "أهم الإنجازات", "السوق والاستجابة", "خارطة الطريق"],
    "he": ["סקירה עסקית רבעונית", "הישגים עיקריים", "השוק והתגובה", "מפת דרכים"],
    "hi": ["तिमाही व्यापार समीक्षा", "मुख्य उपलब्धियाँ", "बाज़ार और प्रतिक्रिया", "रोडमैप"],
    "en-emoji": ["📊 Quarterly business review", "🎯 Three priorities", "🌍 Market and response", "🗺️ Roadmap"],
}


# Deck name -> the template it is rendered on (filled by corpus()).
TEMPLATE_OF = {}


class Deck:
    def __init__(self, title, language, fonts=None):
        self.title, self.language, self.slides = title, language, []
        self.fonts = fonts  # theme.brand.tokens.fonts, e.g. {"heading": "Arial", "body": "Arial"}
        self.template_id = "default"  # a built-in theme: minimal, bold, dark

    def slide(self, layout, elements, kind="content", notes=None):
        sid = f"s{len(self.slides) + 1}"
        els = []
        for i, e in enumerate(elements):
            e = dict(e)
            e["element_id"] = f"e{i + 1}"
            els.append(e)
        s = {"slide_id": sid, "type": kind, "layout": {"layout_id": layout}, "elements": els}
        if notes:
            s["speaker_notes"] = notes
        self.slides.append(s)

    def json(self):
        brand = {"brand_kit_id": "acme"}
        if self.fonts:
            brand["tokens"] = {"fonts": self.fonts}
        return {
            "spec_version": "slidespec_v1",
            "deck": {"title": self.title, "language": self.language, "slides": self.slides},
            "theme": {"template_ref": {"template_id": self.template_id}, "brand": brand},
        }


def text(t, role=None, **kw):
    e = {"kind": "text", "content": {"text": t}}
    if role:
        e["role"] = role
    return _more(e, **kw)


def bullets(items, role=None, **kw):
    e = {"kind": "bullets", "content": {"items": items}}
    if role:
        e["role"] = role
    return _more(e, **kw)


def _more(e, box=None, shrink=None, min_font=None, bold=False):
    style = {}
    if box:
        style["box"] = dict(zip("xywh", box))
    if bold:
        style["emphasis"] = "high"
    if style:
        e["style"] = style
    c = {}
    if shrink is not None:
        c["allow_shrink"] = shrink
    if min_font is not None:
        c["min_font_pt"] = min_font
    if c:
        e["constraints"] = c
    return e


def para(rng, pool, n):
    sep = " " if pool is EN else ("" if pool in (JA, ZH_HANS, ZH_HANT) else " ")
    out = []
    for _ in range(n):
        s = rng.choice(pool)
        if pool is HI:
            s += " ।"
        elif pool is TH:
            pass  # Thai ends a sentence with a space, no full stop
        elif pool in (EN, KO, AR, HE, EMOJI):
            s += "."
        elif not s.endswith("。"):
            s += "。"
        out.append(s)
    return sep.join(out)


def script_deck(lang, rng, slides):
    """Every text preset with text of one language, lengths drawn from its pool."""
    pool, titles = POOLS[lang], TITLES[lang]
    d = Deck(titles[0], LANG_TAG.get(lang, lang))
    d.slide("title_center", [text(titles[0], "title"), text(rng.choice(pool), "subtitle")], "title")
    while len(d.slides) < slides:
        k = len(d.slides) % 10
        title = rng.choice(titles)
        if k == 0:
            d.slide("section_header", [text(title, "title"), text(rng.choice(pool), "subtitle")], "section")
        elif k in (1, 4):
            n = rng.randint(2, 9)
            d.slide("one_column", [text(title, "title"), bullets([rng.choice(pool) for _ in range(n)], bold=rng.random() < 0.2)])
        elif k == 2:
            d.slide("one_column", [text(title, "title"), text("\n".join(para(rng, pool, rng.randint(1, 3)) for _ in range(rng.randint(1, 3))))])
        elif k == 3:
            d.slide("two_column", [
                text(title, "title"),
                text(para(rng, pool, rng.randint(1, 4)), "left"),
                bullets([rng.choice(pool) for _ in range(rng.randint(2, 7))], "right"),
            ])
        elif k == 5:
            d.slide("quote_center", [text(para(rng, pool, rng.randint(1, 2)), "quote"), text(rng.choice(pool)[:30], "attribution")], "quote")
        elif k == 6:
            d.slide("closing", [text(title, "title"), text(rng.choice(pool), "subtitle")], "closing")
        elif k == 7:
            # A chart (drawn as a labelled placeholder) and a caption stacked in one slot.
            chart = {"kind": "chart", "content": {"chart_type": "bar", "series": [
                {"name": "ARR", "data": [{"x": "Q1", "y": 10}, {"x": "Q2", "y": 12}]}]}}
            d.slide("chart_focus", [text(title, "title"), chart, text(para(rng, pool, rng.randint(1, 2)))], "chart")
        elif k == 8:
            table = {"kind": "table", "content": {"columns": ["A", "B"], "rows": [["1", "2"]]}}
            d.slide("table_focus", [text(title, "title"), table, bullets([rng.choice(pool) for _ in range(rng.randint(1, 3))])], "table")
        else:
            # Body text with a footer line (the footer band).
            d.slide("one_column", [text(title, "title"), text(para(rng, pool, rng.randint(1, 3))),
                                   text(rng.choice(pool)[:40], "footer")])
    return d


def mixed_deck(rng, slides):
    d = Deck("Mixed scripts", "ko")
    langs = list(MIXED)
    for i in range(slides):
        lang = langs[i % len(langs)]
        pool = MIXED[lang] + POOLS[lang][:4] + EN[:3]
        layout = "two_column" if i % 3 == 2 else "one_column"
        items = [rng.choice(pool) for _ in range(rng.randint(3, 7))]
        if layout == "two_column":
            d.slide(layout, [text(rng.choice(MIXED[lang])[:24], "title"), bullets(items[:3], "left"), bullets(items[3:] or items, "right")])
        else:
            d.slide(layout, [text(rng.choice(MIXED[lang])[:30], "title"), bullets(items)])
    return d


def token_deck(rng, slides):
    """Long unbreakable tokens in narrow boxes: URLs, part numbers, paths, hashes."""
    d = Deck("Long tokens", "en")
    for i in range(slides):
        toks = rng.sample(TOKENS, 3)
        if i % 3 == 0:
            d.slide("two_column", [text("References", "title"), bullets([f"See {toks[0]} for details", toks[1], f"Config: {toks[2]}"], "left"),
                                   text(f"Contact {rng.choice(TOKENS)} or open {toks[0]}", "right")])
        elif i % 3 == 1:
            w = rng.choice([1.6, 2.2, 3.0, 4.5])
            d.slide("blank", [text(f"Part {toks[1]} ships from {toks[2]}", box=(0.5, 0.5, w, 3.0)),
                              text(toks[0], box=(0.5 + w + 0.3, 0.5, w, 2.5)),
                              text(f"{toks[2]} {toks[1]}", box=(0.5, 4.0, 2 * w, 2.0))], "custom")
        else:
            d.slide("one_column", [text("Artifacts", "title"), bullets([f"{t} ({rng.choice(EN)})" for t in toks])])
    return d


def boundary_deck(lang, rng, slides):
    """Bullets right at the fit boundary: no shrinking, so the engine packs each slot to its last
    line and splits the rest; explicit boxes sized for k lines plus or minus a little."""
    pool = POOLS[lang]
    d = Deck("Boundary", lang)
    for i in range(slides):
        if i % 2 == 0:
            n = 4 + i % 12
            layout = "one_column" if i % 4 == 0 else "two_column"
            items = [rng.choice(pool) for _ in range(n)]
            if layout == "one_column":
                d.slide(layout, [text(TITLES[lang][1], "title"), bullets(items, shrink=False)])
            else:
                d.slide(layout, [text(TITLES[lang][1], "title"), bullets(items, "left", shrink=False), bullets(items[::-1], "right", shrink=False)])
        else:
            # 20 pt body, pitch 24 (Latin) / 26 (CJK) pt: a box for k lines, give or take.
            k = 2 + i % 5
            pitch = 24 if lang == "en" else 26
            safety = 0.05 if lang == "en" else 0.08
            # Up to a line more or less than k lines' room.
            h_in = (k * pitch / (1 - safety) + 7.2 + rng.uniform(-1.0, 1.0) * pitch) / 72
            t = para(rng, pool, 4)
            d.slide("blank", [text(t, box=(0.7, 0.6, 6.0, round(h_in, 3)), shrink=False),
                              text(para(rng, pool, 2), box=(7.2, 0.6, 5.4, round(h_in + 1.0, 3)), shrink=False),
                              bullets([rng.choice(pool) for _ in range(k)], box=(0.7, 4.2, 11.5, round(h_in, 3)), shrink=False)], "custom")
    return d


SOURCES = {
    "en": ["Annual report", "Market sizing study", "Customer survey, wave 3", "Regional sales review",
           "Broadband statistics 2026: households, prices and regional coverage in detail"],
    "ko": ["연간 보고서", "시장 규모 조사", "고객 설문 3차", "지역별 매출 검토",
           "2026 초고속 인터넷 통계: 가구, 요금, 지역별 보급 현황 상세"],
    "ja": ["年次報告書", "市場規模調査", "顧客アンケート第3回", "地域別売上レビュー",
           "2026年ブロードバンド統計：世帯・料金・地域別の普及状況の詳細"],
}


def citation_deck(lang, rng, slides):
    """Citation keys in titles, text and bullets (split slides too), and footers from one
    entry to more than the band holds; slide numbers on every content slide."""
    pool, titles, sources = POOLS[lang], TITLES[lang], SOURCES[lang]
    d = Deck(titles[0], LANG_TAG.get(lang, lang))
    for i in range(slides):
        n = [1, 2, 3, 5, 9][i % 5]
        cites = []
        for k in range(n):
            c = {"id": f"c{k + 1}", "kind": "url", "url": f"https://example.com/{lang}/{i}/{k}",
                 "title": rng.choice(sources)}
            if k % 2 == 0:
                c = {"id": f"c{k + 1}", "kind": "evidence", "evidence_id": f"ev-{i}-{k}",
                     "title": rng.choice(sources), "locator": {"page": rng.randint(1, 300)}}
            cites.append(c)
        refs = lambda ks: [{"citation_id": f"c{k + 1}"} for k in ks if k < n]
        title = text(rng.choice(titles), "title")
        title["citations"] = refs([0])
        if i % 3 == 0:
            body = bullets([rng.choice(pool) for _ in range(rng.randint(2, 6))])
        elif i % 3 == 1:
            body = text("\n".join(para(rng, pool, rng.randint(1, 3)) for _ in range(rng.randint(1, 3))))
        else:
            # Long enough to split onto a continuation slide.
            body = text("\n".join(para(rng, pool, 3) for _ in range(6)), shrink=False)
        body["citations"] = refs(range(1, n))
        layout = "two_column" if i % 4 == 3 else "one_column"
        if layout == "two_column":
            d.slide(layout, [title, body, text(para(rng, pool, 2), "right")])
        else:
            d.slide(layout, [title, body])
        d.slides[-1]["citations"] = cites
    return d


def corpus(fast):
    rng = random.Random(20261121)
    n = 8 if fast else 40
    decks = {}
    for lang in ["en", "ko", "ja", "zh-CN", "zh-TW"]:
        decks[f"script-{lang}"] = script_deck(lang, rng, n)
    # Scripts beyond CJK get their own generator, so the decks above stay as they were.
    rng_more = random.Random(20261123)
    for lang in ["th", "ar", "he", "hi", "en-emoji"]:
        decks[f"script-{lang}"] = script_deck(lang, rng_more, 6 if fast else 30)
    decks["mixed"] = mixed_deck(rng, 6 if fast else 30)
    decks["long-tokens"] = token_deck(rng, 6 if fast else 24)
    for lang in (["en", "ko"] if fast else ["en", "ko", "ja", "zh-CN"]):
        decks[f"boundary-{lang}"] = boundary_deck(lang, rng, 8 if fast else 30)
    # Citations and slide numbers, from their own generator so the decks above stay the same.
    rng_cite = random.Random(20261124)
    for lang in (["en", "ko"] if fast else ["en", "ko", "ja"]):
        decks[f"citations-{lang}"] = citation_deck(lang, rng_cite, 6 if fast else 20)
    # Tables (conformance/corpus_tables.py), from their own generator so the decks above stay
    # the same.
    import corpus_tables
    decks.update(corpus_tables.table_decks(random.Random(20261123), fast))
    # The Office core fonts a brand or template names, measured with their shipped metric
    # clones (Liberation, Caladea); LibreOffice draws them with the same clones through its own
    # replacement table. Their own generator, so the decks above stay the same.
    rng_fonts = random.Random(20261125)
    office = [("arial", "Arial"), ("times", "Times New Roman")]
    if not fast:
        office += [("cambria", "Cambria"), ("courier", "Courier New")]
    for name, family in office:
        d = script_deck("en", rng_fonts, 8 if fast else 20)
        d.fonts = {"heading": family, "body": family}
        decks[f"font-{name}"] = d
    # Decks on customer templates (tests/fixtures/templates): the template's layouts,
    # placeholders, fonts and size (conformance.py renders them with --template).
    rng_tpl = random.Random(20261126)
    templates = ["python-pptx-default", "pandoc-reference", "libreoffice-vivid"]
    # Added after the first three, so their decks (one random stream) stay the same.
    more = ["libreoffice-focus", "edited-ko-names", "edited-ja-names-logo-wide"]
    for tname in templates + more if not fast else templates[:2]:
        for lang in (["en", "ko"] if fast else ["en", "ko", "ja", "zh-CN"]):
            name = f"tpl-{tname}-{lang}"
            decks[name] = script_deck(lang, rng_tpl, 8 if fast else 20)
            ext = "potx" if tname.endswith("vivid") else "pptx"
            TEMPLATE_OF[name] = f"tests/fixtures/templates/{tname}.{ext}"
    # Decks in the built-in themes, picked by template_id (no file).
    rng_themes = random.Random(20261127)
    runs = [("bold", "ko"), ("dark", "en")] if fast else [
        (t, lang) for t in ("minimal", "bold", "dark") for lang in ("en", "ko", "ja", "zh-CN")]
    for tname, lang in runs:
        d = script_deck(lang, rng_themes, 8 if fast else 20)
        d.template_id = tname
        decks[f"theme-{tname}-{lang}"] = d
    return {k: v.json() for k, v in decks.items()}


def generated_stacked(out, fast):
    """LLM-style stacked decks from the deck generator (`--stacked`: 2-4 long text/bullets
    elements in one slot per slide, moved and split onto continuation slides by the fit
    policy), or [] when this tree has no generator."""
    import subprocess
    root = Path(__file__).resolve().parent.parent
    if not (root / "deckgen").is_dir():
        return []
    made = []
    for mix, slides in ([("mixed", 6)] if fast else [("mixed", 20), ("en", 10), ("ja", 10)]):
        r = subprocess.run(["cargo", "run", "--release", "-q", "-p", "specrender-deckgen", "--",
                            "--stacked", "--slides", str(slides), "--mix", mix, "--seed", "3"],
                           cwd=root, capture_output=True, check=True)
        p = Path(out) / f"stacked-{mix}.json"
        p.write_bytes(r.stdout)
        made.append((f"stacked-{mix}", p))
    return made


def generated_200(out):
    """The 200-slide mixed deck from the project's deck generator (crate specrender-deckgen),
    or None when this tree has no generator."""
    import subprocess
    root = Path(__file__).resolve().parent.parent
    if not (root / "deckgen").is_dir():
        return None
    r = subprocess.run(["cargo", "run", "--release", "-q", "-p", "specrender-deckgen", "--",
                        "--slides", "200", "--mix", "mixed", "--seed", "1"],
                       cwd=root, capture_output=True, check=True)
    p = Path(out) / "generated-200.json"
    p.write_bytes(r.stdout)
    return p


def main():
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for name, deck in corpus("--fast" in sys.argv).items():
        (out / f"{name}.json").write_text(json.dumps(deck, ensure_ascii=False, indent=1) + "\n")


if __name__ == "__main__":
    main()
